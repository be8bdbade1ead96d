import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AUTH_HEADERS, HEADER_FORMATS, L2_HEADER_NAMES, L2_WINDOW_SECONDS } from '../../contract/auth';
import { BASE64_ANY } from '../../contract/auth-base64';
import type { Db } from '../db/open';
import { ReplyError } from '../errors';
import { pathOf } from '../request-path';
import { checkWindow, header, invalidHeader, requireHeaders } from './headers';
import { serverClock } from './clock';
import type { KeyReader } from './key-cache';
import { isActive } from './key-store';
import type { OpenedSecrets } from './opened-secrets';
import { rawBodyOf } from './raw-body';

/** A verified L2 request (docs/api.md §3): the key that signed it and its owner. */
export interface L2Auth {
  level: 2;
  apiKey: string;
  /** Lower-case owner address. */
  address: string;
  /** What makes the request single-use when it changes state (docs/api.md §3): its timestamp and HMAC. */
  timestamp: number;
  mac: Buffer;
}

/** Why a revoked key's request fails. */
export const KEY_REVOKED = 'SVC_API_KEY has been revoked; create a new key with POST /api-keys.';

export interface Level2Deps {
  db: Db;
  keys: KeyReader;
  /** Checks passphrases and opens secrets (CredentialVault), remembering what it opened. */
  secrets: OpenedSecrets;
  /** The mount of the trading interface (config.CLOB_BASE): the signed path is relative to it. */
  clobBase: string;
}

/**
 * `revocationCheckedAtCommit`: the request's action commits through the exchange's writer, which refuses
 * it if the key is revoked by then (key-cache.ts), so the key may be read from the cache.
 */
export async function verifyLevel2(
  request: FastifyRequest,
  deps: Level2Deps,
  revocationCheckedAtCommit = false,
): Promise<L2Auth> {
  const h = requireHeaders(request, L2_HEADER_NAMES, 'Level 2');
  const apiKey = h[AUTH_HEADERS.apiKey];
  const timestamp = h[AUTH_HEADERS.timestamp];
  const signatureText = h[AUTH_HEADERS.signature];
  const passphrase = h[AUTH_HEADERS.passphrase];
  const address = header(request, AUTH_HEADERS.address);

  if (!HEADER_FORMATS.uuid.test(apiKey)) throw invalidHeader('SVC_API_KEY', 'an API key (a UUID)');
  if (!HEADER_FORMATS.decimal.test(timestamp))
    throw invalidHeader('SVC_TIMESTAMP', 'unix seconds as a decimal integer (no sign, no leading zeros)');
  if (!BASE64_ANY.test(signatureText) || signatureText.length > 200)
    throw invalidHeader('SVC_SIGNATURE', 'the HMAC-SHA256 as base64url (or base64)');
  if (address !== undefined && !HEADER_FORMATS.address.test(address))
    throw invalidHeader('SVC_ADDRESS', '0x followed by 40 hex digits, or left out');

  checkWindow(Number(timestamp), L2_WINDOW_SECONDS, L2_WINDOW_SECONDS);

  const key = await deps.keys.findKey(deps.db, apiKey.toLowerCase(), revocationCheckedAtCommit);
  if (!key)
    throw new ReplyError(
      'API_KEY_UNKNOWN',
      'SVC_API_KEY is not a key of this service; create one with POST /api-keys.',
    );
  // The passphrase first (docs/api.md §3): key ids travel in URLs and logs, so whether a key is
  // revoked, and whose it is, is told only to a request that holds its passphrase.
  const passphraseInvalid = () =>
    new ReplyError(
      'PASSPHRASE_INVALID',
      'SVC_PASSPHRASE is not the passphrase of SVC_API_KEY; send the passphrase returned when the key was created.',
    );
  if (!isActive(key, serverClock.nowMs())) {
    deps.secrets.forget(key.apiKey);
    if (!deps.secrets.passphraseMatches(key, passphrase)) throw passphraseInvalid();
    throw new ReplyError(
      'API_KEY_REVOKED',
      key.revokedAt
        ? KEY_REVOKED
        : `SVC_API_KEY was a session key that ended at ${key.expiresAt!.toISOString()}; create a new key with POST /api-keys.`,
    );
  }
  const secret = deps.secrets.open(key, passphrase);
  if (!secret) throw passphraseInvalid();
  if (address !== undefined && address.toLowerCase() !== key.address) {
    throw new ReplyError(
      'ADDRESS_MISMATCH',
      'SVC_ADDRESS is not the owner of SVC_API_KEY; send the owner address or leave SVC_ADDRESS out.',
    );
  }

  const presented = Buffer.from(signatureText.replace(/=+$/, ''), 'base64url');
  const expected = l2Mac(
    secret,
    timestamp,
    request.method,
    signedPath(request.url, deps.clobBase),
    rawBodyOf(request),
  );
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    throw new ReplyError(
      'L2_SIGNATURE_INVALID',
      'SVC_SIGNATURE does not match; sign SVC_TIMESTAMP + method + path (relative to the trading base URL, without the query string) + the exact body, with HMAC-SHA256 keyed by the base64url-decoded secret.',
    );
  }
  return { level: 2, apiKey: key.apiKey, address: key.address, timestamp: Number(timestamp), mac: expected };
}

/**
 * HMAC-SHA256 of timestamp + method + path + body (docs/api.md §3), fed in two parts instead of one
 * concatenated buffer: the same bytes as buildL2Message of the contract module (UTF-8 text, the
 * body byte for byte), which the interop test checks.
 */
export function l2Mac(
  secret: KeyObject | Uint8Array,
  timestamp: string,
  method: string,
  path: string,
  body: Uint8Array,
): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}${method}${path}`, 'utf8').update(body).digest();
}

/** The request-line path without the query string, relative to the trading interface's mount. */
export function signedPath(url: string, clobBase: string): string {
  const path = pathOf(url);
  return path.startsWith(`${clobBase}/`) ? path.slice(clobBase.length) : path;
}
