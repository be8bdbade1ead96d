import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderIn } from '../../engine/types';
import { generateCatalog } from '../../catalog-tools/generate';
import { upsertEvents } from '../catalog/load';
import { type Db, rows } from '../db/open';
import { apiKeys } from '../db/schema/credentials';
import { openTestDatabase } from '../test/database';
import { credit } from './ledger/funding';
import { MarketRegistry, type TradableMarket } from './markets';
import { ledgerViolations } from './test/invariants';
import { ExchangeWriter, type Job } from './writer';
import { Exchange } from './exchange';
import { COLLATERAL } from './units';

/**
 * Random order flows from many makers through the writer and the real database: after every group of
 * concurrent jobs (one or more batches), every conservation rule holds as committed.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let markets: TradableMarket[];
/** A market none of the random flows touch. */
let quiet: TradableMarket;
const makers = Array.from({ length: 6 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`);
/** The API key every job was sent with (stored: the writer refuses jobs of keys that are not active). */
const key = () => '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  database = await openTestDatabase();
  const events = generateCatalog({ events: 12, seed: 'writer', now: new Date('2026-11-01T00:00:00Z') });
  await upsertEvents(database.db, events);
  const registry = new MarketRegistry(database.db);
  const tokens = await rows<{ token_id: string }>(
    database.db,
    sql`SELECT t.token_id FROM outcome_tokens t JOIN markets m ON m.id = t.market_id
        WHERE t.outcome = 0 AND m.active AND NOT m.closed AND cardinality(m.clob_token_ids) = 2 ORDER BY m.id LIMIT 4`,
  );
  markets = [];
  for (const t of tokens) markets.push((await registry.byToken(t.token_id))!.market);
  expect(markets).toHaveLength(4);
  quiet = markets.pop()!;
  await database.db.transaction(async (tx) => {
    for (const maker of makers) await credit(tx as unknown as Db, maker, 1_000_000_000, 'grant', 0);
  });
  await database.db
    .insert(apiKeys)
    .values({ apiKey: key(), address: makers[0]!, passphraseHash: '-', secretCiphertext: '-' });
});
afterAll(() => database.close());

const orderArb = fc.record({
  market: fc.integer({ min: 0, max: 2 }),
  maker: fc.integer({ min: 0, max: makers.length - 1 }),
  outcome: fc.constantFrom(0 as const, 1 as const),
  side: fc.constantFrom('BUY' as const, 'SELL' as const),
  price: fc.integer({ min: 30, max: 70 }).map((p) => p * 100),
  size: fc.integer({ min: 5, max: 60 }).map((s) => s * 100),
  timeInForce: fc.constantFrom('GTC' as const, 'GTC' as const, 'FOK' as const, 'FAK' as const),
  postOnly: fc.boolean(),
});
const stepArb = fc.oneof(
  { weight: 8, arbitrary: orderArb.map((o) => ({ kind: 'place' as const, ...o })) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel-all' as const), maker: fc.integer({ min: 0, max: 5 }) }),
  },
);

/** A fresh single-use mark, as a signed request brings one. */
const singleUse = () => ({ apiKey: key(), timestamp: 1, signature: randomBytes(16).toString('hex') });

/** A placement of a new order (a fresh id) with these terms. */
function placeJob(market: TradableMarket, maker: string, terms: Omit<OrderIn, 'id' | 'maker'>): Job {
  return {
    kind: 'place',
    market,
    tokenId: market.tokens[terms.outcome],
    order: { id: `0x${randomBytes(32).toString('hex')}`, maker, ...terms },
    owner: key(),
    signed: {},
    singleUse: singleUse(),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a step of either arbitrary
function jobOf(step: any): Job {
  const maker = makers[step.maker]!;
  if (step.kind === 'cancel-all')
    return { kind: 'cancel', address: maker, select: { all: true }, singleUse: singleUse() };
  return placeJob(markets[step.market]!, maker, {
    outcome: step.outcome,
    side: step.side,
    price: step.price,
    size: step.size,
    timeInForce: step.timeInForce,
    postOnly: step.postOnly && step.timeInForce === 'GTC',
    expiration: 0,
  });
}

describe('the writer keeps the ledger', () => {
  it('every conservation rule holds after every group of concurrent jobs', async () => {
    const writer = new ExchangeWriter(database.db, () => 1_800_000_000);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(stepArb, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 }),
        async (groups) => {
          for (const group of groups) {
            const results = await Promise.all(group.map((step) => writer.submit(jobOf(step))));
            expect(results.every((r) => r !== undefined)).toBe(true);
            expect(await ledgerViolations(database.db)).toEqual([]);
          }
        },
      ),
      { numRuns: 12 },
    );
    await writer.close();
  }, 120_000);

  it('a writer that starts again reads the same books back from the database', async () => {
    const first = new ExchangeWriter(database.db, () => 1_800_000_000);
    for (let i = 0; i < 20; i++) {
      await first.submit(
        jobOf({
          kind: 'place',
          market: 0,
          maker: i % 6,
          outcome: (i % 2) as 0 | 1,
          side: i % 3 ? 'BUY' : 'SELL',
          price: 4000 + (i % 5) * 100,
          size: 500,
          timeInForce: 'GTC',
          postOnly: false,
        }),
      );
    }
    const before = structuredClone(first.bookOf(markets[0]!.marketId)!.levels(0));
    expect(before.bids.length + before.asks.length).toBeGreaterThan(0);
    const second = new ExchangeWriter(database.db, () => 1_800_000_000);
    // An order its maker cannot pay for changes nothing, but makes the writer load the market's book.
    const broke = jobOf({
      kind: 'place',
      market: 0,
      maker: 0,
      outcome: 0,
      side: 'BUY',
      price: 100,
      size: 500,
      timeInForce: 'GTC',
      postOnly: false,
    });
    if (broke.kind === 'place') broke.order.maker = `0x${'f'.repeat(40)}`;
    expect(await second.submit(broke)).toMatchObject({ ok: false, code: 'NOT_ENOUGH_BALANCE' });
    expect(second.bookOf(markets[0]!.marketId)!.levels(0)).toEqual(before);
    expect(await ledgerViolations(database.db)).toEqual([]);
  });
});

describe('good-till-date orders', () => {
  it('expire on time whichever writer holds their book, or none (after a start)', async () => {
    let now = 1_800_000_000;
    const clock = () => now;
    const [a, b] = [new Exchange(database.db, clock), new Exchange(database.db, clock)];
    const maker = makers[5]!;
    const gtd = (expiration: number) => {
      const job = placeJob(quiet, maker, {
        outcome: 0,
        side: 'BUY',
        price: 2000,
        size: 1000,
        timeInForce: 'GTD',
        postOnly: false,
        expiration,
      });
      return { job, id: job.kind === 'place' ? job.order.id : '' };
    };
    const statusOf = async (id: string) =>
      (
        await rows<{ status: string }>(database.db, sql`SELECT status FROM exchange_orders WHERE id = ${id}`)
      )[0]?.status;
    const free = async () =>
      (
        await rows<{ free: string }>(
          database.db,
          sql`SELECT (balance - reserved)::text AS free FROM exchange_balances WHERE address = ${maker} AND asset = ${COLLATERAL}`,
        )
      )[0]!.free;
    const before = await free();

    // A holds the book; B writes after it, so A's memory is stale when the order is due: a minute
    // before its signed expiration (gtd.ts).
    const first = gtd(now + 100);
    expect(await a.writer.submit(first.job)).toMatchObject({ ok: true });
    expect(await b.writer.submit(jobOf({ kind: 'cancel-all', maker: 0 }))).toMatchObject({ ok: true });
    now += 39;
    await a.expireDue();
    expect(await statusOf(first.id)).toBe('LIVE');
    now += 1;
    await a.expireDue();
    expect(await statusOf(first.id)).toBe('EXPIRED');

    // A process that never read the book (started since): the database says what is due.
    const second = gtd(now + 100);
    expect(await a.writer.submit(second.job)).toMatchObject({ ok: true });
    now += 100;
    const fresh = new Exchange(database.db, clock);
    await fresh.expireDue();
    expect(await statusOf(second.id)).toBe('EXPIRED');
    expect(await free()).toBe(before);
    expect(await ledgerViolations(database.db)).toEqual([]);
    for (const exchange of [a, b, fresh]) await exchange.close();
  });
});

describe('group commit', () => {
  it('jobs that arrive in the same turn of the event loop share one transaction', async () => {
    let transactions = 0;
    const counting = new Proxy(database.db, {
      get(target, name, receiver) {
        if (name === 'transaction') transactions += 1;
        return Reflect.get(target, name, receiver);
      },
    });
    const writer = new ExchangeWriter(counting, () => 1_800_000_000);
    const jobs = makers.map((_, maker) => jobOf({ kind: 'cancel-all', maker }));
    const results = await Promise.all(jobs.map((job) => writer.submit(job)));
    expect(results).toEqual(jobs.map(() => ({ ok: true, canceled: expect.any(Array), notCanceled: {} })));
    expect(transactions).toBe(1);
    await writer.close();
  });

  it('tells the commit’s listeners before any of its callers hears back', async () => {
    // The live channels write an owner's messages right after being told (a microtask, live/hub.ts):
    // that must come before the caller's answer, so an answered order has been sent there.
    const heard: string[] = [];
    const writer = new ExchangeWriter(
      database.db,
      () => 1_800_000_000,
      () => queueMicrotask(() => heard.push('listeners')),
    );
    const job = jobOf({
      kind: 'place',
      market: 1,
      maker: 1,
      outcome: 0,
      side: 'BUY',
      price: 1000,
      size: 500,
      timeInForce: 'GTC',
      postOnly: false,
    });
    await writer.submit(job).then(() => heard.push('caller'));
    expect(heard).toEqual(['listeners', 'caller']);
    await writer.close();
  });
});

describe('a batch whose write fails', () => {
  it('acknowledges nothing and changes nothing; the same requests then go through once', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `0x${x.repeat(40)}`) as [string, string, string];
    await database.db.transaction(async (tx) => {
      for (const maker of [a, b, c]) await credit(tx as unknown as Db, maker, 10_000_000, 'grant', 0);
    });
    const job = (maker: string, outcome: 0 | 1, price: number) =>
      placeJob(quiet, maker, {
        outcome,
        side: 'BUY',
        price,
        size: 1_000,
        timeInForce: 'GTC',
        postOnly: false,
        expiration: 0,
      });
    const writer = new ExchangeWriter(database.db, () => 1_800_000_000);
    expect(await writer.submit(job(a, 0, 4_000))).toMatchObject({ ok: true });
    const state = async () => ({
      orders: await rows(
        database.db,
        sql`SELECT id, status, remaining::text FROM exchange_orders ORDER BY id`,
      ),
      fills: await rows(database.db, sql`SELECT count(*)::int AS n FROM exchange_fills`),
      balances: await rows(
        database.db,
        sql`SELECT address, asset, balance::text, reserved::text FROM exchange_balances ORDER BY address, asset`,
      ),
      marks: await rows(database.db, sql`SELECT count(*)::int AS n FROM used_l2_signatures`),
    });
    const before = await state();
    const bookBefore = structuredClone(writer.bookOf(quiet.marketId)!.levels(0));

    // The write of any fill fails: a crossing order (b's buy of the other outcome, a mint with a's bid)
    // and a resting one (c's) in one batch.
    await database.db.execute(
      sql.raw(`CREATE FUNCTION md_test_fail() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN RAISE EXCEPTION 'injected write failure'; END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER md_test_fail BEFORE INSERT ON exchange_fills
      FOR EACH ROW EXECUTE FUNCTION md_test_fail()`),
    );
    const crossing = job(b, 1, 6_000);
    const resting = job(c, 0, 3_000);
    const answers = await Promise.allSettled([writer.submit(crossing), writer.submit(resting)]);
    expect(answers.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    const [refused] = answers as PromiseRejectedResult[];
    expect(String(refused!.reason?.cause ?? refused!.reason)).toMatch(/injected write failure/);
    await database.db.execute(sql.raw('DROP TRIGGER md_test_fail ON exchange_fills'));
    await database.db.execute(sql.raw('DROP FUNCTION md_test_fail()'));

    // Nothing of the batch is stored, its single-use marks included, and the writer dropped what its
    // memory had matched: the book is as committed.
    expect(await state()).toEqual(before);
    expect(writer.bookOf(quiet.marketId)?.levels(0) ?? bookBefore).toEqual(bookBefore);
    // The same requests (same order ids, same marks) now go through, once.
    expect(await writer.submit(crossing)).toMatchObject({ ok: true });
    expect(await writer.submit(resting)).toMatchObject({ ok: true });
    const after = await state();
    expect(after.fills[0]).toEqual({ n: (before.fills[0] as { n: number }).n + 1 });
    expect(after.orders).toHaveLength(before.orders.length + 2);
    expect(writer.bookOf(quiet.marketId)!.levels(0)).toMatchObject({ bids: [{ price: 3_000, size: 1_000 }] });
    expect(await ledgerViolations(database.db)).toEqual([]);
    await writer.close();
  });
});
