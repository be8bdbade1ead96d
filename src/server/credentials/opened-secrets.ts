import { createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { CredentialVault } from './at-rest';
import type { ApiKeyRow } from './key-store';

interface Opened {
  /** The stored fields the entry was opened from: an entry serves only the very same row. */
  address: string;
  passphraseHash: string;
  secretCiphertext: string;
  /** The passphrase that passed the full check (UTF-8). */
  passphrase: Buffer;
  secret: KeyObject;
}

/**
 * The passphrase check and the opening of the secret (an HMAC, an HKDF and AES-GCM: most of the
 * CPU of an L2 request) remembered per API key, in memory only.
 *
 * This is a memo of a pure function of (stored row, presented passphrase), not a cache of the
 * key's state: callers read the row as usual (on PostgreSQL from the database on every request)
 * and check revocation on it first, so a key revoked by another process is rejected at once
 * whatever is remembered here. An entry answers only for the row it was opened from (same
 * owner, passphrase hash and ciphertext) and only for the very passphrase that passed the full
 * check, compared byte for byte in constant time. Any other passphrase takes the full path, so a
 * wrong one still gets PASSPHRASE_INVALID and never replaces an entry.
 *
 * The passphrase is kept as it is rather than hashed: the entry holds the opened secret anyway,
 * which is worth more than the passphrase, and a hash per request would cost as much as the
 * HMAC of the request itself (each node:crypto hash object fetches its algorithm from OpenSSL).
 * Nothing here is ever written anywhere; it lives as long as the process or the entry.
 */
export class OpenedSecrets {
  private readonly entries = new Map<string, Opened>();

  constructor(
    private readonly vault: CredentialVault,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The HMAC key of `row` if `passphrase` is its passphrase, null if it is not. Throws when the
   * passphrase matches but the secret cannot be opened (the server key changed).
   */
  open(row: ApiKeyRow, passphrase: string): KeyObject | null {
    const presented = Buffer.from(passphrase, 'utf8');
    const hit = this.entries.get(row.apiKey);
    if (
      hit &&
      hit.address === row.address &&
      hit.passphraseHash === row.passphraseHash &&
      hit.secretCiphertext === row.secretCiphertext &&
      hit.passphrase.length === presented.length &&
      timingSafeEqual(hit.passphrase, presented)
    ) {
      return hit.secret;
    }
    if (!this.vault.passphraseMatches(row.apiKey, passphrase, row.passphraseHash)) return null;
    const bytes = this.vault.openSecret(row.apiKey, row.address, passphrase, row.secretCiphertext);
    if (!bytes) throw new Error('The stored secret of an API key cannot be opened with the server key.');
    const secret = createSecretKey(bytes);
    bytes.fill(0);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(row.apiKey, {
      address: row.address,
      passphraseHash: row.passphraseHash,
      secretCiphertext: row.secretCiphertext,
      passphrase: unpooled(presented),
      secret,
    });
    return secret;
  }

  /** Whether `passphrase` is the row's passphrase, opening and remembering nothing (a revoked key). */
  passphraseMatches(row: ApiKeyRow, passphrase: string): boolean {
    return this.vault.passphraseMatches(row.apiKey, passphrase, row.passphraseHash);
  }

  /** Drops what is remembered of a key (revoked: it can never verify again). */
  forget(apiKey: string): void {
    this.entries.get(apiKey)?.passphrase.fill(0);
    this.entries.delete(apiKey);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A copy with its own memory: a small Buffer is a view of a shared 8 KiB pool it would keep alive. */
function unpooled(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
