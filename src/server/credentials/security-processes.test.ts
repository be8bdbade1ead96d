import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createL1Headers } from '../../contract/auth';
import { type ApiCredentials, createL2Headers } from '../../contract/auth-l2';
import { ApiKeyCredentials } from '../../contract/auth-schemas';
import type { Database } from '../db/open';
import { freePort } from '../faults/server-process';
import { openTestDatabase } from '../test/database';
import { MASTER_KEY_FILE } from './master-key';
import { CHAIN_ID, newWallet } from './test-helpers';

/**
 * Real server processes (src/server/main.ts): single use of state-changing L2 requests across
 * processes and restarts, the master-key check at start, and the refusal of WORKERS>1 without
 * REDIS_URL. The PostgreSQL leg needs TEST_DATABASE_URL; the embedded one always runs.
 */

const root = resolve(import.meta.dirname, '../../..');

interface Running {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The cluster's workers under `pid` (the test's child). */
function workersOf(pid: number): number[] {
  const table = execSync('ps -e -o pid=,ppid=,args=')
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)!)
    .map(([, p, parent, args]) => ({ pid: Number(p), parent: Number(parent), args: args! }));
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of table)
      if (below.has(row.parent) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
  }
  // The primary and the workers it forks: the workers are the leaves.
  const server = table.filter((row) => below.has(row.pid) && row.args.includes('src/server/main.ts'));
  const parents = new Set(server.map((row) => row.parent));
  return server.filter((row) => !parents.has(row.pid)).map((row) => row.pid);
}

function spawnServer(env: Record<string, string>, port: number) {
  let output = '';
  // Not tsx's own command: it runs the server in a child of its own, which a SIGKILL would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      SERVE_GAMMA: 'false',
      SEED_EVENTS: '0',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      DATABASE_URL: '',
      SVC_MASTER_KEY: '',
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const { child, output } = spawnServer(env, port);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/clob/time`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, child, output, stop };
}

/** Starts a server that must refuse to start; its exit code and output. */
async function startRefused(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnServer(env, await freePort());
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  // Not a terminal: the refusal is a log record; its message is what a person reads.
  const lines = output()
    .split('\n')
    .map((line) => {
      try {
        return (JSON.parse(line) as { msg: string }).msg;
      } catch {
        return line;
      }
    });
  return { code, output: lines.join('\n') };
}

async function createKey(base: string, wallet = newWallet()): Promise<ApiCredentials> {
  const res = await fetch(`${base}/clob/api-keys`, {
    method: 'POST',
    headers: await createL1Headers(wallet, { chainId: CHAIN_ID }),
  });
  expect(res.status).toBe(201);
  return ApiKeyCredentials.parse(await res.json());
}

async function del(base: string, query: string, headers: object) {
  const res = await fetch(`${base}/clob/api-keys${query}`, {
    method: 'DELETE',
    headers: headers as Record<string, string>,
  });
  return { status: res.status, body: await res.json() };
}

const MASTER = '4b'.repeat(32);
const OTHER = '9e'.repeat(32);

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: Database & { url?: string };
  let a: Running;
  let b: Running;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { DATABASE_URL: database.url ?? '', SVC_MASTER_KEY: MASTER };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  });

  it('a DELETE used on one process is SIGNATURE_REUSED on the other, whatever its query', async () => {
    const wallet = newWallet();
    const [k1, k2, k3] = [
      await createKey(a.url, wallet),
      await createKey(a.url, wallet),
      await createKey(b.url, wallet),
    ];
    const headers = await createL2Headers(k1, { method: 'DELETE', path: '/api-keys' });
    expect(await del(a.url, `?apiKey=${k2.apiKey}`, headers)).toEqual({
      status: 200,
      body: { apiKey: k2.apiKey, revoked: true },
    });
    for (const query of [`?apiKey=${k3.apiKey}`, '']) {
      const replay = await del(b.url, query, headers);
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('SIGNATURE_REUSED');
    }

    // Sent to both at once, aimed at different keys: one revocation.
    const k4 = await createKey(a.url, wallet);
    const again = await createL2Headers(k1, {
      method: 'DELETE',
      path: '/api-keys',
      timestamp: Number(headers.SVC_TIMESTAMP) + 1,
    });
    const results = await Promise.all([
      del(a.url, `?apiKey=${k3.apiKey}`, again),
      del(b.url, `?apiKey=${k4.apiKey}`, again),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    const list = await fetch(`${a.url}/clob/api-keys`, {
      headers: (await createL2Headers(k1, { method: 'GET', path: '/api-keys' })) as unknown as Record<
        string,
        string
      >,
    });
    expect((await list.json()).apiKeys).toHaveLength(2);
  });

  it('a process with another master key, or none, refuses to start while keys exist', async () => {
    await createKey(a.url);
    const other = await startRefused({ DATABASE_URL: database.url ?? '', SVC_MASTER_KEY: OTHER });
    expect(other.code).toBe(1);
    expect(other.output.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^The master key \(SVC_MASTER_KEY\) is not the one the database's \d+ active API key\(s\) were sealed with\. Start with the original key/,
      ),
    ]);
    expect(other.output).not.toContain(OTHER);

    const dataDir = mkdtempSync(join(tmpdir(), 'md-master-'));
    try {
      const none = await startRefused({ DATABASE_URL: database.url ?? '', DATA_DIR: dataDir });
      expect(none.code).toBe(1);
      expect(none.output).toMatch(
        /^The master key is missing: SVC_MASTER_KEY is not set and .*master\.key does not exist/,
      );
      expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('one server process on the embedded database, restarted', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'md-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a used DELETE stays used after a restart; a missing or different master key is refused', async () => {
    const env = { DATA_DIR: dataDir };
    const first = await startServer(env);
    const wallet = newWallet();
    let k1: ApiCredentials;
    let headers: Awaited<ReturnType<typeof createL2Headers>>;
    let k3: ApiCredentials;
    try {
      k1 = await createKey(first.url, wallet);
      const k2 = await createKey(first.url, wallet);
      k3 = await createKey(first.url, wallet);
      headers = await createL2Headers(k1, { method: 'DELETE', path: '/api-keys' });
      expect((await del(first.url, `?apiKey=${k2.apiKey}`, headers)).status).toBe(200);
    } finally {
      await first.stop();
    }
    expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(true);

    const second = await startServer(env);
    try {
      const replay = await del(second.url, `?apiKey=${k3.apiKey}`, headers);
      expect(replay).toEqual({ status: 401, body: { code: 'SIGNATURE_REUSED', error: expect.any(String) } });
    } finally {
      await second.stop();
    }

    const keyFile = join(dataDir, MASTER_KEY_FILE);
    unlinkSync(keyFile);
    const missing = await startRefused(env);
    expect(missing.code).toBe(1);
    expect(missing.output.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^The master key is missing: .*holds 2 active API key\(s\).*Start with the original key/,
      ),
    ]);
    expect(existsSync(keyFile)).toBe(false);

    writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    const different = await startRefused(env);
    expect(different.code).toBe(1);
    expect(different.output).toMatch(
      /^The master key \(.*master\.key\) is not the one the database's 2 active API key\(s\)/,
    );
  }, 120_000);
});

describe('WORKERS>1', () => {
  it('without REDIS_URL, refuses to start with one line naming REDIS_URL', async () => {
    const refused = await startRefused({ WORKERS: '2', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(refused.code).toBe(1);
    expect(refused.output.trim().split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}WORKERS>1 needs REDIS_URL \(redis:\/\/…\)/),
    ]);
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)('WORKERS=2', () => {
  it('is ready once every worker takes requests; a worker killed under load strands no request', async () => {
    const database: Database & { url?: string } = await openTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'md-workers-'));
    const port = await freePort();
    const { child, output } = spawnServer(
      {
        WORKERS: '2',
        DATABASE_URL: database.url!,
        REDIS_URL: process.env.REDIS_URL!,
        SVC_MASTER_KEY: '5a'.repeat(32),
        DATA_DIR: dir,
        LOG_LEVEL: 'info',
      },
      port,
    );
    try {
      const deadline = Date.now() + 90_000;
      while (!/ready at/.test(output()) && Date.now() < deadline && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 50));
      const line = output()
        .split('\n')
        .find((l) => l.includes('ready at'));
      // Not a terminal: the line is a log record, its message the sentence.
      expect(JSON.parse(line!).msg).toBe(`Marketdesk: ready at http://127.0.0.1:${port}/clob (2 workers)`);
      // Every connection is taken at once, whichever worker it reaches.
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`http://127.0.0.1:${port}/clob/time`, { headers: { connection: 'close' } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

      // A worker dies under load: every request is answered or fails at once, none is left waiting (in
      // Node's round-robin mode the primary held a connection in flight to the dead worker for ever).
      const settled = { answered: 0, failed: 0, waiting: 0 };
      const one = async () => {
        const timeout = AbortSignal.timeout(10_000);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/clob/time`, {
            headers: { connection: 'close' },
            signal: timeout,
          });
          await res.text();
          settled.answered++;
        } catch {
          if (timeout.aborted) settled.waiting++;
          else settled.failed++;
        }
      };
      const end = Date.now() + 4_000;
      const loops = Array.from({ length: 16 }, async () => {
        while (Date.now() < end) await one();
      });
      await new Promise((r) => setTimeout(r, 1_500));
      const worker = workersOf(child.pid!)[0]!;
      process.kill(worker, 'SIGKILL');
      await Promise.all(loops);
      expect(settled.waiting).toBe(0);
      expect(settled.answered).toBeGreaterThan(100);
      // The primary says so as a log record, and starts another worker.
      await expect
        .poll(
          () =>
            output()
              .split('\n')
              .find((l) => l.includes(`worker ${worker} exited`)),
          { timeout: 10_000 },
        )
        .toBeDefined();
      const record = JSON.parse(
        output()
          .split('\n')
          .find((l) => l.includes(`worker ${worker} exited`))!,
      );
      expect(record).toMatchObject({ level: 50, pid: worker, signal: 'SIGKILL' });
      await expect.poll(() => workersOf(child.pid!).length, { timeout: 30_000 }).toBe(2);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
  it('stops with exit code 1 when its workers cannot start, as one process does', async () => {
    const database: Database & { url?: string } = await openTestDatabase();
    const env = {
      WORKERS: '2',
      DATABASE_URL: database.url!,
      REDIS_URL: process.env.REDIS_URL!,
      SVC_MASTER_KEY: MASTER,
    };
    try {
      const server = await startServer({ ...env, WORKERS: '1' });
      await createKey(server.url);
      await server.stop();
      // An API key depends on MASTER: every worker refuses another key, and no replacement would fare
      // better (before, the primary restarted them for ever, never ready and never gone).
      const refused = await startRefused({ ...env, SVC_MASTER_KEY: OTHER });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(
        /^The master key \(SVC_MASTER_KEY\) is not the one the database's 1 active/m,
      );
      expect(refused.output).toContain('a worker could not start: stopping');
      expect(refused.output).not.toContain('starting another');
    } finally {
      await database.close();
    }
  }, 120_000);
});
