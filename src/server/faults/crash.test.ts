import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { createL1Headers, DEFAULT_CHAIN_ID } from '../../contract/auth';
import { type ApiCredentials, createL2Headers } from '../../contract/auth-l2';
import { openTestDatabase } from '../test/database';
import { freePort, killHard, type ServerProcess, startServer } from './server-process';

const CRASHES = 5;
type Wallet = ReturnType<typeof privateKeyToAccount>;

async function createKey(url: string, wallet: Wallet): Promise<ApiCredentials | null> {
  const headers = await createL1Headers(wallet, { chainId: DEFAULT_CHAIN_ID });
  const res = await fetch(`${url}/clob/api-keys`, { method: 'POST', headers });
  return res.status === 201 ? ((await res.json()) as ApiCredentials) : null;
}

async function revoke(url: string, wallet: Wallet, apiKey: string): Promise<boolean> {
  const headers = await createL1Headers(wallet, { chainId: DEFAULT_CHAIN_ID });
  const res = await fetch(`${url}/clob/api-keys?apiKey=${apiKey}`, { method: 'DELETE', headers });
  return res.status === 200;
}

async function l2Status(url: string, key: ApiCredentials): Promise<{ status: number; code?: string }> {
  const headers = await createL2Headers(key, { method: 'GET', path: '/api-keys' });
  const res = await fetch(`${url}/clob/api-keys`, { headers: headers as unknown as Record<string, string> });
  const body = (await res.json()) as { code?: string };
  return body.code ? { status: res.status, code: body.code } : { status: res.status };
}

/**
 * Creates and revokes keys in a loop (a few requests in flight at once), kills the server with
 * SIGKILL at a random moment, restarts it, and checks that everything acknowledged survived.
 */
async function crashLoop(env: Record<string, string>) {
  const port = await freePort();
  const created: ApiCredentials[] = [];
  const revoked: ApiCredentials[] = [];
  const attempted: ApiCredentials[] = [];
  for (let round = 0; round < CRASHES; round++) {
    // A new wallet each round: keys whose 201 was lost to the kill still count against the
    // 10-key limit of their owner, and must not block the next round.
    const wallet = privateKeyToAccount(generatePrivateKey());
    const mine: ApiCredentials[] = [];
    const server: ServerProcess = await startServer(env, port);
    let running = true;
    const worker = async () => {
      while (running) {
        try {
          const key = await createKey(server.url, wallet);
          if (key) {
            created.push(key);
            mine.push(key);
          }
          const victim = mine.find((k) => !attempted.includes(k));
          // Keep well under the 10-key limit: revoke one whenever a few are active.
          const active = mine.filter((k) => !attempted.includes(k)).length;
          if (victim && active > 3 && !attempted.includes(victim)) {
            attempted.push(victim); // a revoke cut off by the kill may or may not have committed
            if (await revoke(server.url, wallet, victim.apiKey)) revoked.push(victim);
          }
        } catch {
          return; // the server died under us
        }
      }
    };
    const before = created.length;
    const workers = [worker(), worker(), worker()];
    // Kill at a random moment once this round has written something.
    const deadline = Date.now() + 60_000;
    while (created.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(created.length, 'no key was created in this round').toBeGreaterThan(before);
    await new Promise((r) => setTimeout(r, Math.random() * 1500));
    await killHard(server);
    running = false;
    await Promise.all(workers);
  }

  const server = await startServer(env, port);
  try {
    expect(created.length).toBeGreaterThanOrEqual(CRASHES);
    for (const key of created) {
      // Unacknowledged revocations (cut off by a kill) may have gone either way.
      if (attempted.includes(key) && !revoked.includes(key)) continue;
      const expected = revoked.includes(key) ? { status: 401, code: 'API_KEY_REVOKED' } : { status: 200 };
      expect(await l2Status(server.url, key), key.apiKey).toEqual(expected);
    }
  } finally {
    await killHard(server);
  }
  console.log(
    `crash loop: ${CRASHES} kills, ${created.length} keys acknowledged, ${revoked.length} revoked, all intact`,
  );
  return { created: created.length, revoked: revoked.length };
}

describe('crash durability (kill -9 at random moments)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  // The embedded leg runs in the PGlite pass of the suite; the PostgreSQL pass runs the other.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'embedded database: every acknowledged create and revoke survives',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'md-crash-'));
      dirs.push(dir);
      const result = await crashLoop({ DATA_DIR: join(dir, 'data'), RATE_LIMIT_MAX: '100000' });
      expect(result.revoked).toBeGreaterThan(0);
    },
    600_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: every acknowledged create and revoke survives',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'md-crash-'));
      dirs.push(dir);
      const database = await openTestDatabase();
      try {
        const result = await crashLoop({
          DATABASE_URL: database.url!,
          DATA_DIR: join(dir, 'data'),
          RATE_LIMIT_MAX: '100000',
        });
        expect(result.revoked).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
    600_000,
  );
});
