import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderIn } from '../../engine/types';
import { generateCatalog } from '../../catalog-tools/generate';
import { upsertEvents } from '../catalog/load';
import { type Db, rows } from '../db/open';
import { openTestDatabase } from '../test/database';
import { credit } from './ledger/funding';
import { MarketRegistry, type TradableMarket } from './markets';
import { ledgerViolations } from './test/invariants';
import { ExchangeWriter, type Job } from './writer';

/**
 * Random order flows from many makers through the writer and the real database: after every group of
 * concurrent jobs (one or more batches), every conservation rule holds as committed.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let markets: TradableMarket[];
const makers = Array.from({ length: 6 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`);
const key = () => '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  database = await openTestDatabase();
  const events = generateCatalog({ events: 12, seed: 'writer', now: new Date('2026-11-01T00:00:00Z') });
  await upsertEvents(database.db, events);
  const registry = new MarketRegistry(database.db);
  const tokens = await rows<{ token_id: string }>(
    database.db,
    sql`SELECT t.token_id FROM outcome_tokens t JOIN markets m ON m.id = t.market_id
        WHERE t.outcome = 0 AND m.active AND NOT m.closed AND cardinality(m.clob_token_ids) = 2 ORDER BY m.id LIMIT 3`,
  );
  markets = [];
  for (const t of tokens) markets.push((await registry.byToken(t.token_id))!.market);
  expect(markets).toHaveLength(3);
  await database.db.transaction(async (tx) => {
    for (const maker of makers) await credit(tx as unknown as Db, maker, 1_000_000_000, 'grant', 0);
  });
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

// biome-ignore lint/suspicious/noExplicitAny: a step of either arbitrary
function jobOf(step: any): Job {
  const singleUse = { apiKey: key(), timestamp: 1, signature: randomBytes(16).toString('hex') };
  const maker = makers[step.maker]!;
  if (step.kind === 'cancel-all') return { kind: 'cancel', address: maker, select: { all: true }, singleUse };
  const market = markets[step.market]!;
  const order: OrderIn = {
    id: `0x${randomBytes(32).toString('hex')}`,
    maker,
    outcome: step.outcome,
    side: step.side,
    price: step.price,
    size: step.size,
    timeInForce: step.timeInForce,
    postOnly: step.postOnly && step.timeInForce === 'GTC',
    expiration: 0,
  };
  return {
    kind: 'place',
    market,
    tokenId: market.tokens[step.outcome as 0 | 1],
    order,
    owner: key(),
    signed: {},
    singleUse,
  };
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
});
