import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import type { ApiKeyCredentials } from '../../contract/auth-schemas';

/**
 * Credentials at rest (docs/api.md §4). The database keeps only
 * - an HMAC of the passphrase under a key derived from the server key (the passphrase has 256
 *   bits of entropy, so a fast keyed hash is enough), and
 * - the secret under AES-256-GCM with a key derived (HKDF) from the passphrase and the server key.
 * A copy of the database without the server key and the passphrase reveals neither, so it cannot
 * be used to compute an L2 signature.
 */

const SEALED_PREFIX = 'v1.';

export interface SealedCredentials {
  passphraseHash: string;
  secretCiphertext: string;
}

export class CredentialVault {
  private readonly passphraseKey: Buffer;

  constructor(private readonly masterKey: Buffer) {
    this.passphraseKey = Buffer.from(
      hkdfSync('sha256', masterKey, Buffer.alloc(0), 'marketdesk/passphrase-hash/v1', 32),
    );
  }

  /** Fresh credentials from the CSPRNG: UUID v4, 32-byte secret, 32-byte hex passphrase. */
  static generate(): { credentials: ApiKeyCredentials; secretBytes: Buffer } {
    const secretBytes = randomBytes(32);
    return {
      credentials: {
        apiKey: randomUUID(),
        secret: `${secretBytes.toString('base64url')}=`,
        passphrase: randomBytes(32).toString('hex'),
      },
      secretBytes,
    };
  }

  seal(apiKey: string, address: string, passphrase: string, secretBytes: Buffer): SealedCredentials {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.secretKey(apiKey, passphrase), iv);
    cipher.setAAD(aad(apiKey, address));
    const ciphertext = Buffer.concat([cipher.update(secretBytes), cipher.final()]);
    return {
      passphraseHash: this.hashPassphrase(apiKey, passphrase),
      secretCiphertext:
        SEALED_PREFIX + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url'),
    };
  }

  /** Constant-time check of a presented passphrase against the stored hash. */
  passphraseMatches(apiKey: string, passphrase: string, storedHash: string): boolean {
    const presented = Buffer.from(this.hashPassphrase(apiKey, passphrase), 'hex');
    const stored = Buffer.from(storedHash, 'hex');
    return presented.length === stored.length && timingSafeEqual(presented, stored);
  }

  /** The secret's bytes; null when the passphrase or the server key does not open it. */
  openSecret(apiKey: string, address: string, passphrase: string, sealed: string): Buffer | null {
    if (!sealed.startsWith(SEALED_PREFIX)) return null;
    const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    if (bytes.length < 12 + 16) return null;
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.secretKey(apiKey, passphrase),
        bytes.subarray(0, 12),
      );
      decipher.setAAD(aad(apiKey, address));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
    } catch {
      return null;
    }
  }

  private hashPassphrase(apiKey: string, passphrase: string): string {
    return createHmac('sha256', this.passphraseKey).update(`${apiKey}\n${passphrase}`).digest('hex');
  }

  private secretKey(apiKey: string, passphrase: string): Buffer {
    const ikm = Buffer.concat([this.masterKey, Buffer.from(passphrase, 'utf8')]);
    return hkdfSha256Block(ikm, Buffer.from(apiKey, 'utf8'), 'marketdesk/api-secret/v1');
  }
}

/**
 * HKDF-SHA256 (RFC 5869) for one 32-byte output block: identical to
 * hkdfSync('sha256', ikm, salt, info, 32), at less than half its cost on every L2 request.
 */
export function hkdfSha256Block(ikm: Buffer, salt: Buffer, info: string): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk).update(info, 'utf8').update(Buffer.of(1)).digest();
}

/** Binds a ciphertext to its key and owner, so rows cannot be swapped. */
function aad(apiKey: string, address: string): Buffer {
  return Buffer.from(`${apiKey}\n${address.toLowerCase()}`, 'utf8');
}
