import { base64ToBytes, bytesToBase64Url } from './auth-base64';
import { nowSeconds } from './auth';

/**
 * Level 2 authentication (docs/api.md §3): the message, the HMAC-SHA256 on WebCrypto
 * (globalThis.crypto.subtle, the same in the browser and in Node) and the request headers.
 */

export interface L2MessageParts {
  /** Unix seconds, the decimal string sent in SVC_TIMESTAMP. */
  timestamp: string | number;
  /** As sent on the request line (upper case for HTTP methods). */
  method: string;
  /** Relative to {clob_url}, percent-encoding untouched, without the query string: `/api-keys`. */
  path: string;
  /** The raw request body exactly as sent; empty when there is none. */
  body?: string | Uint8Array;
}

const encoder = new TextEncoder();

/** timestamp + method + path + body, as bytes (the body is taken byte for byte). */
export function buildL2Message({ timestamp, method, path, body = '' }: L2MessageParts): Uint8Array {
  const head = encoder.encode(`${timestamp}${method}${path}`);
  const tail = typeof body === 'string' ? encoder.encode(body) : body;
  const out = new Uint8Array(head.length + tail.length);
  out.set(head, 0);
  out.set(tail, head.length);
  return out;
}

/** The HMAC key: the secret decoded as base64url (padded or not; `+`/`/` accepted too). */
export function decodeSecret(secret: string): Uint8Array {
  const bytes = base64ToBytes(secret);
  if (!bytes) throw new Error('The secret is not base64url text.');
  return bytes;
}

/** HMAC-SHA256 of `message` under the secret, as base64url with `=` padding (SVC_SIGNATURE). */
export async function signL2(secret: string, message: Uint8Array): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    decodeSecret(secret) as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await globalThis.crypto.subtle.sign('HMAC', key, message as BufferSource);
  return bytesToBase64Url(new Uint8Array(mac));
}

/** What a client keeps from POST /api-keys. */
export interface ApiCredentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

export interface L2Headers {
  SVC_API_KEY: string;
  SVC_TIMESTAMP: string;
  SVC_SIGNATURE: string;
  SVC_PASSPHRASE: string;
  SVC_ADDRESS?: string;
  [name: string]: string | undefined;
}

export interface L2Request {
  method: string;
  path: string;
  body?: string | Uint8Array;
  /** Unix seconds; default: now. */
  timestamp?: number | string;
  /** Sent as SVC_ADDRESS when given (it must then be the key owner's address). */
  address?: string;
}

/** The L2 headers of one request: sign exactly the body you send. */
export async function createL2Headers(credentials: ApiCredentials, request: L2Request): Promise<L2Headers> {
  const timestamp = String(request.timestamp ?? nowSeconds());
  const signature = await signL2(
    credentials.secret,
    buildL2Message({ timestamp, method: request.method, path: request.path, body: request.body ?? '' }),
  );
  const headers: L2Headers = {
    SVC_API_KEY: credentials.apiKey,
    SVC_TIMESTAMP: timestamp,
    SVC_SIGNATURE: signature,
    SVC_PASSPHRASE: credentials.passphrase,
  };
  if (request.address) headers.SVC_ADDRESS = request.address;
  return headers;
}
