import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ReplyError } from '../errors';

/**
 * Keyset cursors (docs/api.md §9): the position after the last item of a page, as that item's sort
 * values and id, plus the scope it belongs to (the filters and order that produced it). Opaque to
 * clients (base64url), and tamper-evident: a MAC under the server's cursor key covers all of it, so a
 * cursor this service did not issue, or one edited by hand, is refused rather than read.
 */

const TAG_BYTES = 16;
const VERSION = 1;

interface Payload {
  v: number;
  /** Hash of the scope: the filters, order and direction. */
  s: string;
  /** The last item's sort values, as text, in key order. */
  k: string[];
}

export class CursorCodec {
  constructor(private readonly key: Buffer) {}

  issue(scope: string, values: string[]): string {
    const payload = Buffer.from(
      JSON.stringify({ v: VERSION, s: scopeHash(scope), k: values } satisfies Payload),
    );
    return `${payload.toString('base64url')}.${this.tag(payload).toString('base64url')}`;
  }

  /** The sort values a cursor carries, or a 400 naming `after_cursor` saying why it cannot be used. */
  open(cursor: string, scope: string, keyCount: number): string[] {
    const [body, tag, extra] = cursor.split('.');
    const payload = body ? Buffer.from(body, 'base64url') : Buffer.alloc(0);
    const given = tag ? Buffer.from(tag, 'base64url') : Buffer.alloc(0);
    const expected = this.tag(payload);
    if (
      extra !== undefined ||
      payload.length === 0 ||
      given.length !== TAG_BYTES ||
      !timingSafeEqual(given, expected) ||
      // base64url decoding skips what it cannot read: only the exact spelling is the issued one.
      `${payload.toString('base64url')}.${given.toString('base64url')}` !== cursor
    ) {
      throw invalid('was not issued by this service, or was changed: start again without it');
    }
    const parsed = JSON.parse(payload.toString('utf8')) as Payload;
    if (parsed.s !== scopeHash(scope) || parsed.k.length !== keyCount) {
      throw invalid(
        'belongs to another filter or order: use a cursor only with the parameters that produced it (limit may change)',
      );
    }
    return parsed.k;
  }

  private tag(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, TAG_BYTES);
  }
}

function scopeHash(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 16);
}

function invalid(reason: string): ReplyError {
  return new ReplyError('INVALID_PARAMETER', `Parameter "after_cursor" ${reason}.`);
}
