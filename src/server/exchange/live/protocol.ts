import { MAX_LIVE_SUBSCRIPTIONS, PING } from '../../../contract/live';

/**
 * What clients send on the live channels, read strictly (docs/api.md, Live channels): `PING`, or one
 * JSON object. Fields the reference's clients may add and that change nothing here are ignored; a field
 * this server reads must have the right shape. Pure: the channels close the connection on a refusal,
 * with its `reason` as the close reason (at most 123 bytes, the WebSocket limit).
 */

export interface Credentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

export type MarketRequest =
  | { kind: 'ping' }
  | { kind: 'subscribe'; assets: string[]; custom?: boolean; dump: boolean }
  | { kind: 'unsubscribe'; assets: string[] };

export type UserRequest =
  | { kind: 'ping' }
  | { kind: 'auth'; markets: string[]; auth: Credentials }
  | { kind: 'subscribe'; markets: string[] }
  | { kind: 'unsubscribe'; markets: string[] };

export type Read<T> = { ok: true; request: T } | { ok: false; reason: string; tooMany?: boolean };

const TOKEN_ID = /^(0|[1-9][0-9]{0,77})$/;
const MAX_UINT256 = (1n << 256n) - 1n;
const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;
/** Credentials' fields: UUID, base64 secret, hex passphrase; the bound only keeps hostile text short. */
const CREDENTIAL = /^[\x21-\x7e]{1,200}$/;

const refuse = <T>(reason: string, tooMany = false): Read<T> => ({ ok: false, reason, tooMany });

function object(text: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `not JSON: send ${PING} or a JSON object`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'not a JSON object: send an object with "type" or "operation"';
  return value as Record<string, unknown>;
}

/** A list of ids, deduplicated; or why not (`tooMany`: over the per-connection limit on its own). */
function list(
  value: unknown,
  field: string,
  item: (v: string) => boolean,
  what: string,
): string[] | { reason: string; tooMany?: boolean } {
  if (!Array.isArray(value)) return { reason: `"${field}" must be an array of ${what}` };
  if (value.length > MAX_LIVE_SUBSCRIPTIONS)
    return { reason: `at most ${MAX_LIVE_SUBSCRIPTIONS} ${field} per connection`, tooMany: true };
  const out = new Set<string>();
  for (const v of value) {
    if (typeof v !== 'string' || !item(v)) return { reason: `"${field}" must hold ${what} only` };
    out.add(v);
  }
  return [...out];
}

const isTokenId = (v: string) => TOKEN_ID.test(v) && (v.length < 78 || BigInt(v) <= MAX_UINT256);
const isConditionId = (v: string) => CONDITION_ID.test(v);

function flag(value: unknown, field: string): boolean | undefined | string {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'boolean' ? value : `"${field}" must be true or false`;
}

/** `operation` (case-insensitive, as the reference's examples vary), or a reason it is not one. */
function operationOf(value: unknown): 'subscribe' | 'unsubscribe' | string {
  const op = typeof value === 'string' ? value.toLowerCase() : value;
  return op === 'subscribe' || op === 'unsubscribe' ? op : '"operation" must be "subscribe" or "unsubscribe"';
}

export function readMarketRequest(text: string): Read<MarketRequest> {
  if (text === PING) return { ok: true, request: { kind: 'ping' } };
  const o = object(text);
  if (typeof o === 'string') return refuse(o);
  const isType = o.type !== undefined;
  if (isType && (typeof o.type !== 'string' || o.type.toLowerCase() !== 'market')) {
    return refuse(
      typeof o.type === 'string' && o.type.toLowerCase() === 'user'
        ? 'this is the market channel: user messages go to /ws/user'
        : '"type" must be "market" on this channel',
    );
  }
  const op = isType ? 'subscribe' : operationOf(o.operation);
  if (op !== 'subscribe' && op !== 'unsubscribe')
    return refuse(o.operation === undefined ? 'send "type": "market" or an "operation"' : op);
  const assets = list(o.assets_ids, 'assets_ids', isTokenId, 'token ids (decimal text)');
  if (!Array.isArray(assets)) return refuse(assets.reason, assets.tooMany);
  if (op === 'unsubscribe') return { ok: true, request: { kind: 'unsubscribe', assets } };
  const custom = flag(o.custom_feature_enabled, 'custom_feature_enabled');
  if (typeof custom === 'string') return refuse(custom);
  const dump = flag(o.initial_dump, 'initial_dump');
  if (typeof dump === 'string') return refuse(dump);
  return {
    ok: true,
    request: { kind: 'subscribe', assets, dump: dump ?? true, ...(custom === undefined ? {} : { custom }) },
  };
}

export function readUserRequest(text: string): Read<UserRequest> {
  if (text === PING) return { ok: true, request: { kind: 'ping' } };
  const o = object(text);
  if (typeof o === 'string') return refuse(o);
  const markets = (value: unknown): ReturnType<typeof list> => {
    if (value === undefined || value === null) return [];
    const found = list(value, 'markets', isConditionId, 'condition ids (0x + 64 hex digits)');
    return Array.isArray(found) ? [...new Set(found.map((m) => m.toLowerCase()))] : found;
  };
  if (o.type !== undefined) {
    if (typeof o.type !== 'string' || o.type.toLowerCase() !== 'user') {
      return refuse(
        typeof o.type === 'string' && o.type.toLowerCase() === 'market'
          ? 'this is the user channel: market messages go to /ws/market'
          : '"type" must be "user" on this channel',
      );
    }
    const found = markets(o.markets);
    if (!Array.isArray(found)) return refuse(found.reason, found.tooMany);
    const auth = o.auth as Record<string, unknown> | undefined;
    if (typeof auth !== 'object' || auth === null || Array.isArray(auth))
      return refuse('"auth" must be {"apiKey", "secret", "passphrase"} of an API key');
    const fields = [auth.apiKey, auth.secret, auth.passphrase];
    if (!fields.every((f) => typeof f === 'string' && CREDENTIAL.test(f)))
      return refuse('"auth" must hold "apiKey", "secret" and "passphrase" as text');
    const [apiKey, secret, passphrase] = fields as string[];
    return {
      ok: true,
      request: {
        kind: 'auth',
        markets: found,
        auth: { apiKey: apiKey!, secret: secret!, passphrase: passphrase! },
      },
    };
  }
  const op = operationOf(o.operation);
  if (op !== 'subscribe' && op !== 'unsubscribe')
    return refuse(o.operation === undefined ? 'send "type": "user" with "auth" first' : op);
  const found = markets(o.markets);
  if (!Array.isArray(found)) return refuse(found.reason, found.tooMany);
  return { ok: true, request: { kind: op, markets: found } };
}
