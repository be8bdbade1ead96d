import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../catalog-tools/generate';
import { DEFAULT_CHAIN_ID } from '../../contract/auth';
import { upsertEvents } from '../catalog/load';
import { type Database, openDatabase, rows } from '../db/open';
import { fillViolations, ledgerViolations } from '../exchange/test/invariants';
import { acknowledgedButMissing, StormLog, storm, type Tokens } from '../exchange/test/storm';
import { Trader } from '../exchange/test/trader';
import { openTestDatabase } from '../test/database';
import { ensureTemplate } from '../test/pglite-template';
import { freePort, killHard, type ServerProcess, startServer } from './server-process';

/**
 * Orders survive kill -9: a storm of signed orders (resting and crossing, single and batched, with
 * cancels) from concurrent clients over HTTP, the server killed mid-storm, several times over, then
 * restarted on the same data. Every acknowledged order is there with every fill it reported, every
 * acknowledged cancel holds, nothing is half done, and the server trades normally afterwards.
 */

const KILLS = 3;
const MAKERS = 6;
const CLIENTS = 8;

/** A catalog, and the tokens of three open two-outcome markets: two for the storm, one kept quiet. */
async function seedCatalog(database: Database): Promise<Tokens[]> {
  await upsertEvents(
    database.db,
    generateCatalog({ events: 8, seed: 'order-crash', now: new Date('2026-11-01T00:00:00Z') }),
  );
  const found = await rows<{ tokens: string[] }>(
    database.db,
    sql`SELECT clob_token_ids AS tokens FROM markets
        WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 3`,
  );
  expect(found).toHaveLength(3);
  return found.map((m) => [m.tokens[0]!, m.tokens[1]!] as const);
}

/** Everything the log was told is committed, and every rule holds. */
async function audit(database: Database, log: StormLog): Promise<void> {
  expect(await acknowledgedButMissing(database.db, log)).toEqual([]);
  expect(await ledgerViolations(database.db)).toEqual([]);
  expect(await fillViolations(database.db)).toEqual([]);
}

/**
 * The crash loop on one database. `inspect` gives the test the database while no server runs (PGlite
 * allows one process at a time; PostgreSQL's stays open).
 */
async function crashLoop(
  env: Record<string, string>,
  markets: Tokens[],
  inspect: <T>(use: (database: Database) => Promise<T>) => Promise<T>,
) {
  const port = await freePort();
  const start = () => startServer(env, port, { fromSources: true });
  const log = new StormLog();
  let server: ServerProcess = await start();
  const url = server.url;
  const makers = await Promise.all(
    Array.from({ length: MAKERS }, () => Trader.create(url, DEFAULT_CHAIN_ID)),
  );
  const stormMarkets = markets.slice(0, 2);

  for (let round = 0; round < KILLS; round++) {
    if (round > 0) server = await start();
    let running = true;
    const before = log.placed.length;
    const clients = storm({
      traders: makers,
      markets: stormMarkets,
      workers: CLIENTS,
      running: () => running,
      log,
    });
    // Kill at a random moment once this round has had a few dozen orders acknowledged.
    const deadline = Date.now() + 120_000;
    while (log.placed.length < before + 30 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(log.placed.length, `round ${round}: too few orders acknowledged`).toBeGreaterThanOrEqual(
      before + 30,
    );
    await new Promise((r) => setTimeout(r, Math.random() * 1000));
    await killHard(server);
    running = false;
    await clients;
    expect(log.unexpected, server.output()).toEqual([]);
  }

  // After the last kill, before any restart: what is on disk is whole.
  await inspect((database) => audit(database, log));

  // The server starts again on it and trades: a resting order on the quiet market meets a crossing one.
  server = await start();
  try {
    const [maker, taker] = makers as [Trader, Trader];
    const [yes, no] = markets[2]!;
    const rest = await maker.place({ tokenId: yes, side: 'BUY', price: 0.5, size: 10 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ success: true, status: 'live' });
    const cross = await taker.place({ tokenId: no, side: 'BUY', price: 0.5, size: 10 });
    expect(cross.json()).toMatchObject({ success: true, status: 'matched', takingAmount: '10' });
    const book = await fetch(`${url}/clob/book?token_id=${yes}`);
    expect(((await book.json()) as { bids: unknown[] }).bids).toEqual([]);
    // And the storm's markets take orders again, on the books read back from the database.
    let running = true;
    const before = log.placed.length;
    const more = storm({ traders: makers, markets: stormMarkets, workers: 4, running: () => running, log });
    while (log.placed.length < before + 20) await new Promise((r) => setTimeout(r, 20));
    running = false;
    await more;
    expect(log.unexpected).toEqual([]);
  } finally {
    await killHard(server);
  }
  await inspect((database) => audit(database, log));
  const fills = await inspect(async (database) =>
    rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM exchange_fills`),
  );
  console.log(
    `order crash loop: ${KILLS} kills, ${log.placed.length} orders and ${log.cancelled.length} cancels acknowledged, ${fills[0]!.n} fills, ${log.refused} refused, all intact`,
  );
  expect(fills[0]!.n).toBeGreaterThan(0);
  expect(log.cancelled.length).toBeGreaterThan(0);
}

describe('orders survive kill -9', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const baseEnv = (dir: string) => ({
    DATA_DIR: join(dir, 'data'),
    RATE_LIMIT_MAX: '1000000',
    SEED_EVENTS: '0',
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'embedded database: every acknowledged order, fill and cancel survives',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'md-order-crash-'));
      dirs.push(dir);
      const dataDir = join(dir, 'data', 'pgdata');
      // The server's data directory, made here from the migrated template (no initdb) with a catalog.
      const template = new Blob([readFileSync(await ensureTemplate())]);
      const setup = await openDatabase({ dataDir, loadDataDir: template });
      const markets = await seedCatalog(setup);
      await setup.close();
      await crashLoop(baseEnv(dir), markets, async (use) => {
        const database = await openDatabase({ dataDir });
        try {
          return await use(database);
        } finally {
          await database.close();
        }
      });
    },
    900_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: every acknowledged order, fill and cancel survives',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'md-order-crash-'));
      dirs.push(dir);
      const database = await openTestDatabase();
      try {
        const markets = await seedCatalog(database);
        await crashLoop({ ...baseEnv(dir), DATABASE_URL: database.url! }, markets, (use) => use(database));
      } finally {
        await database.close();
      }
    },
    900_000,
  );
});
