import { timingSafeEqual } from 'node:crypto';
import { HEADER_FORMATS } from '../../contract/auth';
import { serverClock } from './clock';
import { isActive } from './key-store';
import type { Level2Deps } from './level2';

/** An API key's three credentials as a client presents them whole (the live user channel's `auth`). */
export interface PresentedCredentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

export type CredentialsCheck = { ok: true; apiKey: string; address: string } | { ok: false; reason: string };

/**
 * Checks credentials presented whole, as Level 2 checks a request (level2.ts) but with the secret itself
 * instead of an HMAC made with it: the key exists; the passphrase is its passphrase (before anything
 * else is told, revocation included); it is neither revoked nor expired; the secret is the one sealed
 * with it, compared in constant time. The reasons are short (a WebSocket close reason holds 123 bytes) and never repeat
 * what was presented.
 */
export async function checkPresentedCredentials(
  deps: Pick<Level2Deps, 'db' | 'keys' | 'secrets'>,
  presented: PresentedCredentials,
): Promise<CredentialsCheck> {
  if (!HEADER_FORMATS.uuid.test(presented.apiKey))
    return { ok: false, reason: 'auth.apiKey is not an API key (a UUID)' };
  const key = await deps.keys.findKey(deps.db, presented.apiKey.toLowerCase());
  if (!key) return { ok: false, reason: 'auth.apiKey is not a key of this service' };
  const wrongPassphrase = {
    ok: false,
    reason: 'auth.passphrase is not the passphrase of auth.apiKey',
  } as const;
  if (!isActive(key, serverClock.nowMs())) {
    deps.secrets.forget(key.apiKey);
    if (!deps.secrets.passphraseMatches(key, presented.passphrase)) return wrongPassphrase;
    const ended = key.revokedAt ? 'has been revoked' : 'has expired';
    return { ok: false, reason: `auth.apiKey ${ended}; create a new key` };
  }
  const secret = deps.secrets.open(key, presented.passphrase);
  if (!secret) return wrongPassphrase;
  const expected = secret.export();
  // The secret as issued: base64url with a trailing "="; plain base64 decodes the same.
  const given = Buffer.from(presented.secret.replace(/=+$/, ''), 'base64url');
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  expected.fill(0);
  if (!matches) return { ok: false, reason: 'auth.secret is not the secret of auth.apiKey' };
  return { ok: true, apiKey: key.apiKey, address: key.address };
}

/** Whether the key still authenticates (exists, neither revoked nor expired): live connections ask again. */
export async function keyIsActive(deps: Pick<Level2Deps, 'db' | 'keys'>, apiKey: string): Promise<boolean> {
  const key = await deps.keys.findKey(deps.db, apiKey);
  return key !== undefined && isActive(key, serverClock.nowMs());
}
