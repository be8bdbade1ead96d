import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMove24hr, writeEventDocuments } from '../catalog/event-documents';
import { Book } from '../../engine/book';
import { rows } from '../db/open';
import { arrayParam } from '../db/prepared';
import type { TestApp } from '../test/app';
import { buildTradingApp, TEST_CHAIN } from './test/trading-app';
import { findToken, readHistory } from '../history/store';
import { shapeEvents } from '../catalog/repository';
import { byEvent, CatalogFollower } from './catalog-follower';
import type { Committed } from './writer';
import { BASE_PER_UNIT } from './units';
import { Trader } from './test/trader';

/** The catalog follows the order book within about a second: quotes, displayed price, volume, history. */
let t: TestApp;
let market: { id: string; event_id: string; tokens: string[] };

beforeAll(async () => {
  t = await buildTradingApp('follow', 20);
  [market] = (await rows<typeof market>(
    t.database.db,
    sql`SELECT id, event_id::text, clob_token_ids AS tokens FROM markets
        WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 1`,
  )) as [typeof market];
});
afterAll(() => t.close());

/**
 * A follower on its own clock whose books are all empty, failing the test on any error; it writes
 * `marketsPerTransaction` markets a transaction (few, so that a flush here takes several).
 */
function clockedFollower(
  db: TestApp['database']['db'],
  clock: () => number,
  marketsPerTransaction = 4,
): CatalogFollower {
  const emptyBooks = { held: () => new Book(), snapshot: async () => ({ book: new Book(), version: 0 }) };
  return new CatalogFollower(
    db,
    emptyBooks,
    () => {},
    (err) => {
      throw err;
    },
    clock,
    marketsPerTransaction,
  );
}

const gamma = async (path: string) => (await t.app.inject({ url: `/gamma${path}` })).json();

/** Polls until `check` passes (the follower writes every half second). */
async function eventually(check: () => Promise<void>, ms = 4_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('the catalog follows the book', () => {
  it('shows quotes and the midpoint, then the last trade, volumes and a history point', async () => {
    const [yes, no] = market.tokens as [string, string];
    const alice = await Trader.create(t.app, TEST_CHAIN);
    const bob = await Trader.create(t.app, TEST_CHAIN);
    // A 24-hour price on the event's markets, so each has a oneDayPriceChange and the event a move24hr.
    await t.database.db.execute(
      sql`UPDATE markets SET day_ago_price = 0.3 WHERE event_id = ${market.event_id}::bigint`,
    );
    await writeEventDocuments(t.database.db, [market.event_id]);
    const moveOf = async () =>
      (
        await rows<{ move: number }>(
          t.database.db,
          sql`SELECT move24hr AS move FROM events WHERE id = ${market.event_id}::bigint`,
        )
      )[0]?.move;
    const before = await gamma(`/events/${market.event_id}`);
    expect(await moveOf()).toBe(eventMove24hr(before));
    expect((await alice.place({ tokenId: yes, side: 'BUY', price: 0.4, size: 10 })).statusCode).toBe(200);
    expect((await bob.place({ tokenId: no, side: 'BUY', price: 0.55, size: 10 })).statusCode).toBe(200);
    await eventually(async () => {
      const shown = await gamma(`/markets/${market.id}`);
      expect(shown).toMatchObject({ bestBid: 0.4, bestAsk: 0.45, spread: 0.05 });
      expect(JSON.parse(shown.outcomePrices)).toEqual(['0.425', '0.575']);
    });

    // Bob's buy of No at 0.6 meets Alice's bid: a trade at 0.4, 10 shares, 6 USDC of notional for the taker.
    expect((await bob.place({ tokenId: no, side: 'BUY', price: 0.6, size: 10 })).json()).toMatchObject({
      status: 'matched',
    });
    await eventually(async () => {
      const shown = await gamma(`/markets/${market.id}`);
      expect(shown.lastTradePrice).toBe(0.4);
      expect(shown.bestBid).toBeUndefined();
      expect(JSON.parse(shown.outcomePrices)).toEqual(['0.4', '0.6']);
      const event = await gamma(`/events/${market.event_id}`);
      expect(event.volume).toBeCloseTo(before.volume + 6, 6);
      expect(event.volume24hr).toBeCloseTo(before.volume24hr + 6, 6);
      // The flush that wrote the event's document wrote its move24hr with it.
      expect(await moveOf()).toBe(eventMove24hr(event));
    });
    // The document's volume was added up in JavaScript, the row's in SQL, in the same write: the
    // document is exactly what the stored rows shape now.
    const [stored] = await rows<{ body: string }>(
      t.database.db,
      sql`SELECT body FROM event_documents WHERE event_id = ${market.event_id}::bigint`,
    );
    const [fresh] = await shapeEvents(t.database.db, [market.event_id]);
    expect(JSON.parse(stored!.body)).toEqual(JSON.parse(JSON.stringify(fresh)));
    const history = (await t.app.inject({ url: `/clob/prices-history?market=${yes}&interval=1d` })).json();
    expect(history.history.at(-1).p).toBe(0.4);
  });
});

describe('history points from the follower', () => {
  it('are at most one a minute per market, and spread over flushes when many markets are due at once', async () => {
    const db = t.database.db;
    const others = await rows<{ id: string; token: string }>(
      db,
      sql`SELECT id, clob_token_ids[1] AS token FROM markets
          WHERE active AND NOT closed AND cardinality(clob_token_ids) = 2 AND id <> ${market.id} ORDER BY id LIMIT 30`,
    );
    expect(others.length).toBe(30);
    let now = 1_900_000_000;
    const follower = clockedFollower(db, () => now);
    /** Each market's number of stored points. */
    const points = async () =>
      Promise.all(
        others.map(async (m) => (await readHistory(db, (await findToken(db, m.token))!, {})).length),
      );
    // Every market's book changed (empty books: each keeps its catalog price, and takes a point of it).
    const flushAll = async () => {
      follower.note({
        markets: new Set(others.map((m) => m.id)),
        fills: [],
        version: 0,
        books: [],
        orders: [],
        ticks: [],
      });
      await follower.flush();
    };
    expect(new Set(await points())).toEqual(new Set([0]));
    await flushAll();
    // 25 a flush at most, the longest waiting first; the rest at the next flush.
    const first = await points();
    expect(first.filter((n) => n === 1).length).toBe(25);
    // Written in parts (four markets a transaction), every event's document shows its markets as stored.
    const events = await rows<{ id: string; body: string }>(
      db,
      sql`SELECT d.event_id::text AS id, d.body FROM event_documents d
          WHERE d.event_id IN (SELECT event_id FROM markets WHERE id = ANY(${arrayParam(others.map((m) => m.id))}::text[]))`,
    );
    expect(events.length).toBeGreaterThan(3);
    const shaped = await shapeEvents(
      db,
      events.map((e) => e.id),
    );
    expect(new Map(events.map((e) => [e.id, JSON.parse(e.body)]))).toEqual(
      new Map(shaped.map((e) => [e.id, JSON.parse(JSON.stringify(e))])),
    );
    // The rest come at the next flush even when nothing changes again (their markets were pending again).
    now += 30;
    await follower.flush();
    expect(await points()).toEqual(others.map(() => 1));
    // Half a minute later again: those of the first flush are due (a minute after their point), the others not.
    now += 30;
    await flushAll();
    expect(await points()).toEqual(first.map((n) => (n === 1 ? 2 : 1)));
    await follower.close();
  });
});

describe('a stop', () => {
  it('writes what the follower still holds, its volume to the base unit, before the database closes', async () => {
    const db = t.database.db;
    const [other] = await rows<{ id: string; event: string }>(
      db,
      sql`SELECT id, event_id::text AS event FROM markets
          WHERE active AND NOT closed AND cardinality(clob_token_ids) = 2 AND id <> ${market.id} ORDER BY id DESC LIMIT 1`,
    );
    // A volume that floating-point sums would leave with a tail ("…0.30000000000000004").
    await db.execute(sql`UPDATE markets SET volume = 0.1 WHERE id = ${other!.id}`);
    const volumes = async () =>
      (
        await rows<{ market: number; event: number }>(
          db,
          sql`SELECT m.volume AS market, e.volume AS event FROM markets m JOIN events e ON e.id = m.event_id
              WHERE m.id = ${other!.id}`,
        )
      )[0]!;
    const before = await volumes();
    const follower = clockedFollower(db, () => Math.floor(Date.now() / 1000));
    // A trade of 2,000 centishares at 1/10,000 of a dollar each: $0.20 of notional.
    follower.note({
      markets: new Set([other!.id]),
      fills: [{ marketId: other!.id, fill: { taker: { price: 1 }, size: 200_000 } }],
      version: 0,
      books: [],
      orders: [],
      ticks: [],
    } as unknown as Committed);
    // No flush asked for: closing writes it (a stop used to drop the last half second, the volume for good).
    await follower.close();
    const after = await volumes();
    expect(after.market).toBe(0.3);
    expect(String(after.event)).toBe(String(Math.round((before.event + 0.2) * 1e6) / 1e6));
  });
});

describe('a flush in parts (byEvent)', () => {
  it('keeps every market, never splits an event, and fills each part but the last', () => {
    const change = fc.record({ id: fc.uuid(), event: fc.constantFrom('1', '2', '3', '10', '20', '300') });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 60 }), fc.integer({ min: 1, max: 20 }), (changes, size) => {
        const parts = byEvent(changes, size);
        expect(parts.flat()).toHaveLength(changes.length);
        expect(new Set(parts.flat())).toEqual(new Set(changes));
        const partOf = new Map<string, number>();
        parts.forEach((part, i) => {
          if (i < parts.length - 1) expect(part.length).toBeGreaterThanOrEqual(size);
          for (const { event } of part) {
            expect(partOf.get(event) ?? i).toBe(i);
            partOf.set(event, i);
          }
        });
      }),
    );
  });
});

describe('the demo histories’ next catch-up (history-to-now.ts)', () => {
  it('comes no later than a minute after a recorded point, and at once when an event needs a finer step', async () => {
    const db = t.database.db;
    const [m] = await rows<{ id: string; event_id: string }>(
      db,
      sql`SELECT id, event_id::text FROM markets
          WHERE active AND NOT closed AND cardinality(clob_token_ids) = 2 ORDER BY id DESC LIMIT 1`,
    );
    let now = 1_950_000_000;
    await db.execute(
      sql`INSERT INTO demo_catalog (id, seed, events, history_due_at) VALUES (1, 'follow', 20, ${now + 10_000})`,
    );
    // This event's next catch-up, and another event's.
    await db.execute(
      sql`INSERT INTO demo_history_due (event_id, due_at)
          VALUES (${m!.event_id}::bigint, ${now + 10_000}), (999999999, ${now + 10_000})`,
    );
    // Just under the volume at which the demo's series step from 15 to 10 minutes (demo-history.ts).
    await db.execute(sql`UPDATE events SET volume = 249990 WHERE id = ${m!.event_id}::bigint`);
    /** The catalog's next catch-up, this event's, the other event's. */
    const dueAt = async () => {
      const [row] = await rows<{ due: string }>(
        db,
        sql`SELECT history_due_at::text AS due FROM demo_catalog`,
      );
      const events = await rows<{ due: string }>(
        db,
        sql`SELECT due_at::text AS due FROM demo_history_due ORDER BY event_id = 999999999`,
      );
      return [row!.due, ...events.map((e) => e.due)].map(Number);
    };
    const follower = clockedFollower(db, () => now);
    const trade = async (volume: number) => {
      const fill = { taker: { price: BASE_PER_UNIT }, size: volume };
      follower.note({
        markets: new Set([m!.id]),
        fills: [{ marketId: m!.id, fill }],
        version: 0,
        books: [],
        orders: [],
        ticks: [],
      } as never);
      await follower.flush();
    };
    try {
      // A trade and the point it records: the series may be due a minute later.
      await trade(5);
      expect(await dueAt()).toEqual([now + 60, now + 60, now + 10_000]);
      // A trade that takes the event over the threshold (no point: one was recorded a second ago).
      now += 1;
      await trade(10);
      expect(await dueAt()).toEqual([now, now, now + 10_000 - 1]);
    } finally {
      await follower.close();
      await db.execute(sql`DELETE FROM demo_catalog`);
      await db.execute(sql`DELETE FROM demo_history_due`);
    }
  });
});

describe('several processes', () => {
  it('the newest book wins, whichever follower flushes last', async () => {
    const [other] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM markets WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2
          ORDER BY id DESC LIMIT 1`,
    );
    const id = other!.id;
    /** A process's follower whose writer holds this market's book with these best prices. */
    const followerHolding = (best: { bid?: number; ask?: number }) =>
      new CatalogFollower(
        t.database.db,
        {
          held: () => ({ best: () => best }) as unknown as Book,
          snapshot: async () => ({ book: new Book(), version: 0 }),
        },
        () => {},
        (err) => {
          throw err;
        },
      );
    const commit = (version: number) =>
      ({ version, markets: new Set([id]), fills: [], books: [], orders: [], ticks: [] }) as Committed;
    const quote = async () =>
      (
        await rows<{ bid: number | null; ask: number | null }>(
          t.database.db,
          sql`SELECT best_bid AS bid, best_ask AS ask FROM markets WHERE id = ${id}`,
        )
      )[0];
    // One process's bid was taken and cancelled by the other's commit (version 8): the book is empty.
    const first = followerHolding({ bid: 2100 });
    const second = followerHolding({});
    first.note(commit(7));
    second.note(commit(8));
    await second.flush();
    await first.flush();
    expect(await quote()).toEqual({ bid: null, ask: null });
    // A later commit of the first process is newer again.
    const later = followerHolding({ bid: 2200, ask: 2500 });
    later.note(commit(9));
    await later.flush();
    expect(await quote()).toEqual({ bid: 0.22, ask: 0.25 });
  });
});
