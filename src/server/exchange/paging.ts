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

const notACursor = (sentence: string) =>
  new ReplyError('INVALID_PARAMETER', `${sentence}: next_cursor is not a cursor of this list.`);

/** The offset a request's `next_cursor` names; 400 INVALID_PARAMETER starting with `sentence` when none. */
export function offsetOrRefuse(text: string | undefined, sentence: string): number {
  const offset = cursor.offsetOf(text);
  if (offset === null) throw notACursor(sentence);
  return offset;
}

/**
 * Lists that change while a program reads them (an address's open orders and trades) page by position:
 * the cursor is the sequence number of the page's last item, in the reference's form (base64 text), and
 * the next page starts past it. Orders that go and trades that come between two pages then neither repeat
 * items nor skip them, as an offset would. The position a request's `next_cursor` names, null for the
 * first page; 400 INVALID_PARAMETER starting with `sentence` when it names none.
 */
export function positionOrRefuse(text: string | undefined, sentence: string): string | null {
  if (text === undefined || text === '' || text === cursor.start) return null;
  const decoded = Buffer.from(text, 'base64').toString('utf8');
  if (!/^[1-9][0-9]{0,17}$/.test(decoded)) throw notACursor(sentence);
  return decoded;
}

/** A page by position (above): `items` in list order, and the position of the last one. */
export function positionPage<T>(limit: number, found: { items: T[]; more: boolean; last: string | null }) {
  return {
    limit,
    count: found.items.length,
    next_cursor: found.more && found.last ? Buffer.from(found.last).toString('base64') : cursor.end,
    data: found.items,
  };
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
