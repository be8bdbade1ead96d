import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createL1Headers } from '../../contract/auth';
import { type ApiCredentials, createL2Headers } from '../../contract/auth-l2';
import { ApiKeyCredentials } from '../../contract/auth-schemas';
import type { Database } from '../db/open';
import { openTestDatabase } from '../test/database';
import { CHAIN_ID, newWallet } from './test-helpers';

/**
 * The PostgreSQL leg (CI sets TEST_DATABASE_URL): two real server processes on one database share
 * single use of L1 authorisations and see revocations at once.
 */

const root = resolve(import.meta.dirname, '../../..');
const PORTS = [18210, 18211] as const;

async function waitUntilUp(base: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      if ((await fetch(`${base}/clob/time`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${log()}`);
}

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: Database & { url?: string };
  const children: ChildProcess[] = [];
  const [a, b] = PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];

  beforeAll(async () => {
    database = await openTestDatabase();
    await Promise.all(
      PORTS.map(async (port) => {
        let output = '';
        const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            PORT: String(port),
            HOST: '127.0.0.1',
            SERVE_WEB: 'false',
            SERVE_GAMMA: 'false',
            SEED_EVENTS: '0',
            SVC_MASTER_KEY: '5a'.repeat(32),
            LOG_LEVEL: 'warn',
            REDIS_URL: '',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout?.on('data', (d) => {
          output += d;
        });
        child.stderr?.on('data', (d) => {
          output += d;
        });
        children.push(child);
        await waitUntilUp(`http://127.0.0.1:${port}`, child, () => output);
      }),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
  });

  it('an L1 authorisation used on one process is rejected on the other', async () => {
    const wallet = newWallet();
    const headers = await createL1Headers(wallet, { chainId: CHAIN_ID });
    const first = await fetch(`${a}/clob/api-keys`, { method: 'POST', headers });
    expect(first.status).toBe(201);
    const replay = await fetch(`${b}/clob/api-keys`, { method: 'POST', headers });
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('SIGNATURE_REUSED');

    // And concurrently across both processes: exactly one success.
    const again = await createL1Headers(wallet, { chainId: CHAIN_ID });
    const results = await Promise.all(
      [a, b, a, b].map((base) => fetch(`${base}/clob/api-keys`, { headers: again }).then((r) => r.status)),
    );
    expect(results.sort()).toEqual([200, 401, 401, 401]);
  });

  it('a key revoked on one process is rejected by the other at once', async () => {
    const wallet = newWallet();
    const created = await fetch(`${a}/clob/api-keys`, {
      method: 'POST',
      headers: await createL1Headers(wallet, { chainId: CHAIN_ID }),
    });
    const key: ApiCredentials = ApiKeyCredentials.parse(await created.json());
    const l2 = async (method: string) =>
      (await createL2Headers(key, { method, path: '/api-keys' })) as unknown as Record<string, string>;

    // Used on both first, so each process has opened (and remembers) the key's secret.
    expect((await fetch(`${a}/clob/api-keys`, { headers: await l2('GET') })).status).toBe(200);
    expect((await fetch(`${b}/clob/api-keys`, { headers: await l2('GET') })).status).toBe(200);
    const revoked = await fetch(`${b}/clob/api-keys`, { method: 'DELETE', headers: await l2('DELETE') });
    expect(await revoked.json()).toEqual({ apiKey: key.apiKey, revoked: true });
    const after = await fetch(`${a}/clob/api-keys`, { headers: await l2('GET') });
    expect(after.status).toBe(401);
    expect((await after.json()).code).toBe('API_KEY_REVOKED');
  });
});
