import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiCredentials } from '../../contract/auth-l2';
import { buildApp } from '../app';
import { REDACTED_HEADERS } from '../log-output';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { buildTestApp } from '../test/app';
import { openTestDatabase } from '../test/database';
import { hkdfSync, randomBytes } from 'node:crypto';
import { CredentialVault, hkdfSha256Block } from './at-rest';
import { loadMasterKey, MASTER_KEY_FILE, MasterKeyError } from './master-key';
import { createKey, l1, l2, newWallet, send } from './test-helpers';

/** docs/api.md §4: a full copy of the database reveals no secret or passphrase. */

const temporary: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'md-at-rest-'));
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** Every form a secret or passphrase could take in storage: text, bytes, hex, base64, base64url. */
function needles({ secret, passphrase }: ApiCredentials): Buffer[] {
  const forms = (text: string, bytes: Buffer) => [
    Buffer.from(text, 'utf8'),
    bytes,
    Buffer.from(bytes.toString('hex')),
    Buffer.from(bytes.toString('hex').toUpperCase()),
    Buffer.from(bytes.toString('base64')),
    Buffer.from(bytes.toString('base64').replace(/=+$/, '')),
    Buffer.from(bytes.toString('base64url')),
    Buffer.from(Buffer.from(text).toString('hex')),
    Buffer.from(Buffer.from(text).toString('base64')),
    Buffer.from(Buffer.from(text).toString('base64url')),
  ];
  return [
    ...forms(secret, Buffer.from(secret, 'base64url')),
    ...forms(passphrase, Buffer.from(passphrase, 'hex')),
  ];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function occurrences(haystacks: { name: string; bytes: Buffer }[], wanted: Buffer[]): string[] {
  const found: string[] = [];
  for (const { name, bytes } of haystacks) {
    for (const needle of wanted)
      if (bytes.includes(needle)) found.push(`${name}: ${needle.toString('utf8', 0, 16)}…`);
  }
  return found;
}

describe('at rest on PGlite', () => {
  it('no byte of the data directory holds a secret or passphrase in any form', async () => {
    const pgData = tempDir();
    const keyDir = tempDir();
    const database = await openDatabase({ dataDir: pgData });
    const t = await buildTestApp({ DATA_DIR: keyDir }, database);
    const wallet = newWallet();
    const created: ApiCredentials[] = [];
    for (let i = 0; i < 3; i++) created.push(await createKey(t.app, wallet));
    const [first] = created;
    if (!first) throw new Error('no key');
    // Use a key over L2 and revoke one: every write path has run.
    const used = await send(t.app, {
      method: 'GET',
      url: '/clob/api-keys',
      headers: (await l2(first, { method: 'GET', path: '/api-keys' })) as Record<string, string>,
    });
    expect(used.statusCode).toBe(200);
    await send(t.app, {
      method: 'DELETE',
      url: `/clob/api-keys?apiKey=${first.apiKey}`,
      headers: await l1(wallet),
    });
    await t.close();
    await database.close();

    const files = filesUnder(pgData).map((path) => ({ name: path, bytes: readFileSync(path) }));
    expect(files.length).toBeGreaterThan(100);
    // The scan can see what is stored: the owner address (text) and the key ids (uuid bytes).
    expect(occurrences(files, [Buffer.from(wallet.address.toLowerCase())]).length).toBeGreaterThan(0);
    expect(occurrences(files, [Buffer.from(first.apiKey.replace(/-/g, ''), 'hex')]).length).toBeGreaterThan(
      0,
    );
    expect(occurrences(files, created.flatMap(needles))).toEqual([]);

    // The server key was created in DATA_DIR, readable by its owner only.
    expect(statSync(join(keyDir, MASTER_KEY_FILE)).mode & 0o777).toBe(0o600);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('at rest on PostgreSQL (pg_dump)', () => {
  it('a full pg_dump holds no secret or passphrase in any form', async () => {
    const database = await openTestDatabase();
    const t = await buildTestApp({ SVC_MASTER_KEY: 'ef'.repeat(32) }, database);
    try {
      const wallet = newWallet();
      const created = [await createKey(t.app, wallet), await createKey(t.app, wallet)];
      const { stdout } = await promisify(execFile)('pg_dump', ['--no-owner', database.url ?? ''], {
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'buffer',
      });
      const dump = [{ name: 'pg_dump', bytes: stdout as Buffer }];
      expect(occurrences(dump, [Buffer.from(wallet.address.toLowerCase())]).length).toBeGreaterThan(0);
      expect(occurrences(dump, [Buffer.from(created[0]?.apiKey ?? 'none')]).length).toBeGreaterThan(0);
      expect(occurrences(dump, created.flatMap(needles))).toEqual([]);
    } finally {
      await t.close();
      await database.close();
    }
  });
});

describe('logs', () => {
  it('never carry a secret, passphrase or signature, even at trace level', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const database = await openTestDatabase();
    const config = loadConfig({ SERVE_WEB: 'false', SVC_MASTER_KEY: '12'.repeat(32) });
    const app = await buildApp({
      config,
      database,
      logger: { level: 'trace', stream, redact: REDACTED_HEADERS },
    });
    try {
      const wallet = newWallet();
      const key = await createKey(app, wallet);
      // Over real HTTP: the app logs the requests it injects into itself at warn only (app.ts).
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const headers = (await l2(key, { method: 'GET', path: '/api-keys' })) as Record<string, string>;
      expect((await fetch(`${base}/clob/api-keys`, { headers })).status).toBe(200);
      await fetch(`${base}/clob/api-keys`, { headers: { ...headers, SVC_PASSPHRASE: 'a'.repeat(64) } });
      expect(logged).toContain('"reqId"');
      for (const needle of [...needles(key), Buffer.from(headers.SVC_SIGNATURE ?? 'none')]) {
        expect(logged).not.toContain(needle.toString());
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the server key', () => {
  it('is created once as a 0600 file in DATA_DIR and read back on later starts', () => {
    const dir = join(tempDir(), 'nested');
    const first = loadMasterKey({ dataDir: dir });
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, MASTER_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadMasterKey({ dataDir: dir }).equals(first)).toBe(true);
  });

  it('refuses a key file other users can read, saying how to fix it', () => {
    const dir = tempDir();
    loadMasterKey({ dataDir: dir });
    chmodSync(join(dir, MASTER_KEY_FILE), 0o644);
    expect(() => loadMasterKey({ dataDir: dir })).toThrow(/chmod 600/);
  });

  it('takes SVC_MASTER_KEY as hex or base64 of at least 32 bytes', () => {
    const bytes = Buffer.alloc(32, 7);
    expect(loadMasterKey({ envKey: bytes.toString('hex'), dataDir: '/nonexistent' }).equals(bytes)).toBe(
      true,
    );
    expect(loadMasterKey({ envKey: bytes.toString('base64'), dataDir: '/nonexistent' }).equals(bytes)).toBe(
      true,
    );
    expect(() => loadMasterKey({ envKey: 'ab'.repeat(16), dataDir: '/nonexistent' })).toThrow(MasterKeyError);
  });
});

describe('the vault', () => {
  const vault = new CredentialVault(Buffer.alloc(32, 1));
  const { credentials, secretBytes } = CredentialVault.generate();
  const owner = '0x00000000000000000000000000000000000000aa';
  const sealed = vault.seal(credentials.apiKey, owner, credentials.passphrase, secretBytes);

  it('opens the secret only with the passphrase, the server key and the right row', () => {
    expect(
      vault.openSecret(credentials.apiKey, owner, credentials.passphrase, sealed.secretCiphertext),
    ).toEqual(secretBytes);
    expect(vault.openSecret(credentials.apiKey, owner, 'b'.repeat(64), sealed.secretCiphertext)).toBeNull();
    const otherServer = new CredentialVault(Buffer.alloc(32, 2));
    expect(
      otherServer.openSecret(credentials.apiKey, owner, credentials.passphrase, sealed.secretCiphertext),
    ).toBeNull();
    const swapped = '0x00000000000000000000000000000000000000bb';
    expect(
      vault.openSecret(credentials.apiKey, swapped, credentials.passphrase, sealed.secretCiphertext),
    ).toBeNull();
  });

  it('derives keys exactly as HKDF-SHA256', () => {
    for (let i = 0; i < 20; i++) {
      const ikm = randomBytes(32 + i);
      const salt = randomBytes(i);
      expect(hkdfSha256Block(ikm, salt, `info ${i}`)).toEqual(
        Buffer.from(hkdfSync('sha256', ikm, salt, `info ${i}`, 32)),
      );
    }
  });

  it('checks the passphrase against a keyed hash', () => {
    expect(vault.passphraseMatches(credentials.apiKey, credentials.passphrase, sealed.passphraseHash)).toBe(
      true,
    );
    expect(vault.passphraseMatches(credentials.apiKey, 'c'.repeat(64), sealed.passphraseHash)).toBe(false);
    expect(sealed.passphraseHash).not.toContain(credentials.passphrase);
  });
});
