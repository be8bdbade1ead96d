import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CredentialVault } from './at-rest';
import type { ApiKeyRow } from './key-store';
import { OpenedSecrets } from './opened-secrets';

/** The memo of opened secrets answers exactly as the full check would. */

const vault = new CredentialVault(Buffer.alloc(32, 3));
const owner = '0x00000000000000000000000000000000000000aa';

function newRow(): { row: ApiKeyRow; passphrase: string; secretBytes: Buffer } {
  const { credentials, secretBytes } = CredentialVault.generate();
  const sealed = vault.seal(credentials.apiKey, owner, credentials.passphrase, secretBytes);
  return {
    row: {
      apiKey: credentials.apiKey,
      address: owner,
      ...sealed,
      createdAt: new Date(),
      revokedAt: null,
    } as ApiKeyRow,
    passphrase: credentials.passphrase,
    secretBytes,
  };
}

const mac = (key: Parameters<typeof createHmac>[1]) => createHmac('sha256', key).update('m').digest('hex');

describe('OpenedSecrets', () => {
  it('opens the secret with the right passphrase, then answers from memory', () => {
    const secrets = new OpenedSecrets(vault);
    const { row, passphrase, secretBytes } = newRow();
    const open = vi.spyOn(vault, 'openSecret');
    const first = secrets.open(row, passphrase);
    expect(first && mac(first)).toBe(mac(secretBytes));
    expect(secrets.open(row, passphrase)).toBe(first);
    expect(open).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });

  it('rejects a wrong passphrase whether or not the key is remembered, and keeps the entry', () => {
    const secrets = new OpenedSecrets(vault);
    const { row, passphrase } = newRow();
    const other = newRow();
    expect(secrets.open(row, 'f'.repeat(64))).toBeNull();
    expect(secrets.size).toBe(0);
    const opened = secrets.open(row, passphrase);
    expect(opened).not.toBeNull();
    expect(secrets.open(row, 'f'.repeat(64))).toBeNull();
    expect(secrets.open(row, other.passphrase)).toBeNull();
    expect(secrets.open(row, passphrase.toUpperCase())).toBeNull();
    expect(secrets.open(row, passphrase)).toBe(opened);
  });

  it('serves only the row it was opened from', () => {
    const secrets = new OpenedSecrets(vault);
    const { row, passphrase } = newRow();
    expect(secrets.open(row, passphrase)).not.toBeNull();
    // The same key id with other stored fields (another owner, re-sealed secret): the full check runs.
    const swapped = { ...row, address: '0x00000000000000000000000000000000000000bb' };
    expect(() => secrets.open(swapped, passphrase)).toThrow(/cannot be opened/);
    const stranger = newRow();
    const replaced = { ...row, passphraseHash: stranger.row.passphraseHash };
    expect(secrets.open(replaced, passphrase)).toBeNull();
  });

  it('forgets a key, and stays bounded', () => {
    const secrets = new OpenedSecrets(vault, 3);
    const keys = Array.from({ length: 4 }, newRow);
    for (const k of keys) secrets.open(k.row, k.passphrase);
    expect(secrets.size).toBeLessThanOrEqual(3);
    const last = keys[3];
    if (!last) throw new Error('no key');
    secrets.forget(last.row.apiKey);
    expect(secrets.size).toBe(0);
    expect(secrets.open({ ...last.row, apiKey: randomUUID() }, last.passphrase)).toBeNull();
  });
});
