import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createL1Headers } from '../../contract/auth';
import { base64ToBytes, bytesToBase64 } from '../../contract/auth-base64';
import type { ApiCredentials } from '../../contract/auth-l2';
import { rows } from '../db/open';
import { openTestDatabase } from '../test/database';
import { buildTestApp, type TestApp } from '../test/app';
import { serverClock } from './clock';
import { pruneUsedSignatures } from './key-store';
import { MASTER_KEY_FILE, MasterKeyError, masterKeyCheckValue } from './master-key';
import {
  CHAIN_ID,
  createKey,
  expectError,
  l1,
  l2,
  newWallet,
  nowSeconds,
  send,
  snapshot,
} from './test-helpers';

/**
 * The trading interface's answers to a security review, on PGlite or (TEST_DATABASE_URL) PostgreSQL:
 * single-use state-changing L2 requests, the passphrase before any fact about a key, the master key's
 * check value, and the configurable L1 domain name. (Rate limits: rate-limit-proxy.test.ts; across
 * processes: security-processes.test.ts.)
 */

const MASTER = 'a7'.repeat(32);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SVC_MASTER_KEY: MASTER });
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
const asHeaders = (h: object) => h as Headers;

async function keysOf(owner: ReturnType<typeof newWallet>, n: number): Promise<ApiCredentials[]> {
  const keys: ApiCredentials[] = [];
  for (let i = 0; i < n; i++) keys.push(await createKey(t.app, owner));
  return keys;
}

async function activeKeys(owner: ReturnType<typeof newWallet>): Promise<string[]> {
  const res = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: await l1(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().apiKeys;
}

async function expectRejectedUnchanged(request: InjectOptions, status: number, code: string) {
  const before = await snapshot(t.database.db);
  const res = await send(t.app, request);
  expectError(res, status, code);
  expect(await snapshot(t.database.db)).toEqual(before);
}

describe('a state-changing L2 request is single-use', () => {
  it('replayed with another ?apiKey= or with none → 401 SIGNATURE_REUSED, nothing revoked', async () => {
    const owner = newWallet();
    const [k1, k2, k3] = await keysOf(owner, 3);
    if (!k1 || !k2 || !k3) throw new Error('keys');
    const headers = asHeaders(await l2(k1, { method: 'DELETE', path: '/api-keys' }));

    const first = await send(t.app, { method: 'DELETE', url: `/clob/api-keys?apiKey=${k2.apiKey}`, headers });
    expect(first.json()).toEqual({ apiKey: k2.apiKey, revoked: true });

    for (const url of [
      `/clob/api-keys?apiKey=${k3.apiKey}`,
      '/clob/api-keys',
      `/clob/api-keys?apiKey=${k2.apiKey}`,
      `/clob/api-keys?apiKey=${k3.apiKey.toUpperCase()}&x=1`,
    ]) {
      await expectRejectedUnchanged({ method: 'DELETE', url, headers }, 401, 'SIGNATURE_REUSED');
    }
    expect(await activeKeys(owner)).toEqual([k1.apiKey, k3.apiKey]);
  });

  it('whatever spelling of the same signature (base64, no padding)', async () => {
    const owner = newWallet();
    const [k1, k2, k3] = await keysOf(owner, 3);
    if (!k1 || !k2 || !k3) throw new Error('keys');
    const headers = asHeaders(await l2(k1, { method: 'DELETE', path: '/api-keys' }));
    const ok = await send(t.app, { method: 'DELETE', url: `/clob/api-keys?apiKey=${k2.apiKey}`, headers });
    expect(ok.statusCode).toBe(200);
    const bytes = base64ToBytes(headers.SVC_SIGNATURE ?? '') ?? new Uint8Array();
    for (const spelling of [bytesToBase64(bytes), bytesToBase64(bytes).replace(/=+$/, '')]) {
      await expectRejectedUnchanged(
        {
          method: 'DELETE',
          url: `/clob/api-keys?apiKey=${k3.apiKey}`,
          headers: { ...headers, SVC_SIGNATURE: spelling },
        },
        401,
        'SIGNATURE_REUSED',
      );
    }
    expect(await activeKeys(owner)).toEqual([k1.apiKey, k3.apiKey]);
  });

  it('sent concurrently at several keys: exactly one is revoked', async () => {
    const owner = newWallet();
    const keys = await keysOf(owner, 5);
    const [signer, ...targets] = keys;
    if (!signer) throw new Error('keys');
    const headers = asHeaders(await l2(signer, { method: 'DELETE', path: '/api-keys' }));
    const results = await Promise.all(
      targets.map((k) =>
        send(t.app, { method: 'DELETE', url: `/clob/api-keys?apiKey=${k.apiKey}`, headers }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
    for (const r of results) if (r.statusCode === 401) expect(r.json().code).toBe('SIGNATURE_REUSED');
    expect(await activeKeys(owner)).toHaveLength(4);
  });

  it('a request that fails uses nothing up; read-only requests may repeat', async () => {
    const owner = newWallet();
    const [k1, k2] = await keysOf(owner, 2);
    if (!k1 || !k2) throw new Error('keys');
    const headers = asHeaders(await l2(k1, { method: 'DELETE', path: '/api-keys' }));
    await expectRejectedUnchanged(
      { method: 'DELETE', url: `/clob/api-keys?apiKey=${randomUUID()}`, headers },
      404,
      'API_KEY_NOT_FOUND',
    );
    const ok = await send(t.app, { method: 'DELETE', url: `/clob/api-keys?apiKey=${k2.apiKey}`, headers });
    expect(ok.json()).toEqual({ apiKey: k2.apiKey, revoked: true });

    const get = asHeaders(await l2(k1, { method: 'GET', path: '/api-keys' }));
    for (let i = 0; i < 3; i++) {
      const res = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: get });
      expect(res.json()).toMatchObject({ apiKeys: [k1.apiKey] });
    }
  });

  it('keeps used L2 signatures with the data, one row each: the HMAC, never the secret', async () => {
    const owner = newWallet();
    const [k1, k2] = await keysOf(owner, 2);
    if (!k1 || !k2) throw new Error('keys');
    const timestamp = nowSeconds();
    const headers = asHeaders(await l2(k1, { method: 'DELETE', path: '/api-keys', timestamp }));
    await send(t.app, { method: 'DELETE', url: `/clob/api-keys?apiKey=${k2.apiKey}`, headers });
    const stored = await rows<{ api_key: string; timestamp: string | number; signature: string }>(
      t.database.db,
      sql`SELECT api_key, timestamp, signature FROM used_l2_signatures WHERE api_key = ${k1.apiKey}`,
    );
    expect(stored).toEqual([
      {
        api_key: k1.apiKey,
        timestamp: expect.anything(),
        signature: Buffer.from(base64ToBytes(headers.SVC_SIGNATURE ?? '') ?? []).toString('hex'),
      },
    ]);
    expect(Number(stored[0]?.timestamp)).toBe(timestamp);
  });
});

describe('used L2 signatures are forgotten only once they are past the window', () => {
  it('a replay past the window is TIMESTAMP_OUT_OF_RANGE before and after pruning', async () => {
    const NOW = 1_950_000_000;
    const owner = newWallet();
    const [k1, k2, k3] = await keysOf(owner, 3);
    if (!k1 || !k2 || !k3) throw new Error('keys');
    const clock = vi.spyOn(serverClock, 'nowMs').mockReturnValue(NOW * 1000);
    try {
      const headers = asHeaders(await l2(k1, { method: 'DELETE', path: '/api-keys', timestamp: NOW }));
      const used = await send(t.app, {
        method: 'DELETE',
        url: `/clob/api-keys?apiKey=${k2.apiKey}`,
        headers,
      });
      expect(used.statusCode).toBe(200);
      const replay = { method: 'DELETE' as const, url: `/clob/api-keys?apiKey=${k3.apiKey}`, headers };
      clock.mockReturnValue((NOW + 61) * 1000);
      await expectRejectedUnchanged(replay, 401, 'TIMESTAMP_OUT_OF_RANGE');

      const count = async () =>
        (
          await rows<{ n: number | string }>(
            t.database.db,
            sql`SELECT count(*) AS n FROM used_l2_signatures WHERE api_key = ${k1.apiKey}`,
          )
        ).map((r) => Number(r.n));
      await pruneUsedSignatures(t.database.db, { l1Seconds: 0, l2Seconds: NOW });
      expect(await count()).toEqual([1]);
      await pruneUsedSignatures(t.database.db, { l1Seconds: 0, l2Seconds: NOW + 1 });
      expect(await count()).toEqual([0]);
      await expectRejectedUnchanged(replay, 401, 'TIMESTAMP_OUT_OF_RANGE');
    } finally {
      clock.mockRestore();
    }
    expect(await activeKeys(owner)).toEqual([k1.apiKey, k3.apiKey]);
  });
});

describe('revocation and ownership are told only to the right passphrase', () => {
  it('a revoked key: wrong passphrase → PASSPHRASE_INVALID, right one → API_KEY_REVOKED', async () => {
    const owner = newWallet();
    const [key] = await keysOf(owner, 1);
    if (!key) throw new Error('keys');
    // The later requests' timestamp is fixed apart from the revocation's: read from the clock each
    // time, the two could meet and the DELETE be refused as a reused signature instead.
    const timestamp = nowSeconds();
    const revoke = await send(t.app, {
      method: 'DELETE',
      url: '/clob/api-keys',
      headers: asHeaders(await l2(key, { method: 'DELETE', path: '/api-keys', timestamp })),
    });
    expect(revoke.statusCode).toBe(200);
    for (const method of ['GET', 'DELETE'] as const) {
      const headers = asHeaders(await l2(key, { method, path: '/api-keys', timestamp: timestamp - 2 }));
      await expectRejectedUnchanged(
        { method, url: '/clob/api-keys', headers: { ...headers, SVC_PASSPHRASE: 'e'.repeat(64) } },
        401,
        'PASSPHRASE_INVALID',
      );
      await expectRejectedUnchanged({ method, url: '/clob/api-keys', headers }, 401, 'API_KEY_REVOKED');
    }
  });

  it('another owner in SVC_ADDRESS: wrong passphrase → PASSPHRASE_INVALID, right one → ADDRESS_MISMATCH', async () => {
    const [key] = await keysOf(newWallet(), 1);
    if (!key) throw new Error('keys');
    const headers = asHeaders(
      await l2(key, { method: 'DELETE', path: '/api-keys', address: newWallet().address }),
    );
    await expectRejectedUnchanged(
      { method: 'DELETE', url: '/clob/api-keys', headers: { ...headers, SVC_PASSPHRASE: 'e'.repeat(64) } },
      401,
      'PASSPHRASE_INVALID',
    );
    await expectRejectedUnchanged(
      { method: 'DELETE', url: '/clob/api-keys', headers },
      401,
      'ADDRESS_MISMATCH',
    );
  });
});

describe('the master key is checked against the data', () => {
  const other = '5c'.repeat(32);

  it('stores a check value of the key, never the key', async () => {
    await createKey(t.app, newWallet());
    const stored = await rows<{ value: string }>(t.database.db, sql`SELECT value FROM master_key_check`);
    expect(stored).toEqual([{ value: masterKeyCheckValue(Buffer.from(MASTER, 'hex')) }]);
    const dump = JSON.stringify(await rows(t.database.db, sql`SELECT * FROM master_key_check`));
    expect(dump).not.toContain(MASTER);
    expect(dump).not.toContain(Buffer.from(MASTER, 'hex').toString('base64').slice(0, 20));
  });

  it('with active API keys, a different key refuses to start with a line saying what to do', async () => {
    await createKey(t.app, newWallet());
    const attempt = buildTestApp({ SVC_MASTER_KEY: other }, t.database);
    await expect(attempt).rejects.toThrow(MasterKeyError);
    await expect(attempt).rejects.toThrow(
      /^The master key \(SVC_MASTER_KEY\) is not the one the database's \d+ active API key\(s\) were sealed with\. Start with the original key .*revoke them/,
    );
    // The right key still starts.
    const again = await buildTestApp({ SVC_MASTER_KEY: MASTER }, t.database);
    await again.close();
  });

  it('with active API keys, a missing key refuses to start and none is made', async () => {
    await createKey(t.app, newWallet());
    const dataDir = mkdtempSync(join(tmpdir(), 'md-master-'));
    try {
      await expect(buildTestApp({ DATA_DIR: dataDir }, t.database)).rejects.toThrow(
        new RegExp(
          `^The master key is missing: SVC_MASTER_KEY is not set and ${dataDir}/${MASTER_KEY_FILE} does not exist, but the database holds \\d+ active API key`,
        ),
      );
      expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('without active API keys a new key is made (or another one adopted) and recorded', async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'md-master-'));
    try {
      const first = await buildTestApp({ SVC_MASTER_KEY: MASTER }, database);
      const wallet = newWallet();
      const key = await createKey(first.app, wallet);
      await first.close();
      await expect(buildTestApp({ DATA_DIR: dataDir }, database)).rejects.toThrow(/master key is missing/);

      // Once every key is revoked, nothing depends on the old master key any more.
      const owner = await buildTestApp({ SVC_MASTER_KEY: MASTER }, database);
      const revoked = await send(owner.app, {
        method: 'DELETE',
        url: `/clob/api-keys?apiKey=${key.apiKey}`,
        headers: await createL1Headers(wallet, { chainId: CHAIN_ID }),
      });
      expect(revoked.statusCode).toBe(200);
      await owner.close();

      const fresh = await buildTestApp({ DATA_DIR: dataDir }, database);
      expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(true);
      await createKey(fresh.app, newWallet());
      await fresh.close();
      // …and from now on the old key is the wrong one.
      await expect(buildTestApp({ SVC_MASTER_KEY: MASTER }, database)).rejects.toThrow(/is not the one/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.close();
    }
  });
});

describe('servers on one database with different master keys', () => {
  it('the one whose key is no longer the recorded one refuses to create keys, storing nothing', async () => {
    const database = await openTestDatabase();
    const first = await buildTestApp({ SVC_MASTER_KEY: MASTER }, database);
    try {
      // No active key depended on the first server's key: the second adopts its own (each server made
      // its own key file, say), and the first is not told.
      const second = await buildTestApp({ SVC_MASTER_KEY: '5c'.repeat(32) }, database);
      const wallet = newWallet();
      const refused = await send(first.app, {
        method: 'POST',
        url: '/clob/api-keys',
        headers: await createL1Headers(wallet, { chainId: CHAIN_ID }),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        error: expect.stringMatching(/^This server cannot create API keys: .*the same SVC_MASTER_KEY\.$/),
      });
      // Nothing stored: no key a server could not open, no collateral granted with it.
      expect(await rows(database.db, sql`SELECT api_key FROM api_keys`)).toEqual([]);
      expect(await rows(database.db, sql`SELECT address FROM exchange_ledger`)).toEqual([]);
      // The server whose key is recorded creates keys that work there.
      const key = await createKey(second.app, wallet);
      const listed = await send(second.app, {
        method: 'GET',
        url: '/clob/api-keys',
        headers: await l2(key, { method: 'GET', path: '/api-keys', address: wallet.address }),
      });
      expect(listed.statusCode).toBe(200);
      await second.close();
      // Restarted, the first server now refuses to start, naming the shared key.
      await expect(buildTestApp({ SVC_MASTER_KEY: MASTER }, database)).rejects.toThrow(
        /is not the one the database's 1 active API key\(s\) were sealed with\..*Every server on one database needs the same key: set SVC_MASTER_KEY to it on each\.$/,
      );
    } finally {
      await first.close();
      await database.close();
    }
  });
});

describe('L1_DOMAIN_NAME', () => {
  it('L1 signatures are checked against the configured domain name only', async () => {
    const custom = await buildTestApp({ SVC_MASTER_KEY: MASTER, L1_DOMAIN_NAME: 'Marketdesk' }, t.database);
    try {
      const wallet = newWallet();
      const sign = (domainName?: string) =>
        createL1Headers(wallet, { chainId: CHAIN_ID, ...(domainName ? { domainName } : {}) });
      const list = { method: 'GET', url: '/clob/api-keys' } as const;

      expect((await send(custom.app, { ...list, headers: await sign('Marketdesk') })).statusCode).toBe(200);
      const reference = await send(custom.app, { ...list, headers: await sign() });
      expectError(reference, 401, 'L1_SIGNATURE_INVALID');
      expect(reference.json().error).toContain('"Marketdesk"');

      // The default service takes the reference clients' domain, and not the other.
      expect((await send(t.app, { ...list, headers: await sign() })).statusCode).toBe(200);
      expectError(
        await send(t.app, { ...list, headers: await sign('Marketdesk') }),
        401,
        'L1_SIGNATURE_INVALID',
      );
    } finally {
      await custom.close();
    }
  });
});
