import { ReplyError } from '../errors';

/**
 * The trading interface's paged lists (/data/orders, /data/trades, /markets…): the reference's cursors,
 * base64 of an offset ("MA==" starts, "LTE=" ends), and its page body `{limit, count, next_cursor, data}`.
 */
export const cursor = {
  start: 'MA==',
  end: 'LTE=',
  offsetOf(text: string | undefined): number | null {
    if (text === undefined || text === '' || text === 'MA==') return 0;
    const decoded = Buffer.from(text, 'base64').toString('utf8');
    return /^(0|[1-9][0-9]{0,8})$/.test(decoded) ? Number(decoded) : null;
  },
  after(offset: number, count: number, more: boolean): string {
    return more ? Buffer.from(String(offset + count)).toString('base64') : 'LTE=';
  },
};

/** The offset a request's `next_cursor` names; 400 INVALID_PARAMETER starting with `sentence` when none. */
export function offsetOrRefuse(text: string | undefined, sentence: string): number {
  const offset = cursor.offsetOf(text);
  if (offset === null)
    throw new ReplyError('INVALID_PARAMETER', `${sentence}: next_cursor is not a cursor of this list.`);
  return offset;
}

/** A page's body: `limit` items a page, these `items` from `offset`, and the cursor of the next page. */
export function pageOf<T>(limit: number, offset: number, found: { items: T[]; more: boolean }) {
  return {
    limit,
    count: found.items.length,
    next_cursor: cursor.after(offset, found.items.length, found.more),
    data: found.items,
  };
}
