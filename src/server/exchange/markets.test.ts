import { type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateCatalog } from '../../catalog-tools/generate';
import { upsertEvents } from '../catalog/load';
import { rows } from '../db/open';
import { openTestDatabase } from '../test/database';
import { MarketRegistry } from './markets';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let tradable: { token_id: string; market_id: string; outcome: number }[];
let closedToken: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const events = generateCatalog({ events: 12, seed: 'registry', now: new Date('2026-11-01T00:00:00Z') });
  await upsertEvents(database.db, events);
  tradable = await rows(
    database.db,
    sql`SELECT t.token_id, t.market_id, t.outcome FROM outcome_tokens t JOIN markets m ON m.id = t.market_id
        WHERE m.active AND NOT m.closed AND cardinality(m.clob_token_ids) = 2 ORDER BY t.token_id LIMIT 6`,
  );
  const [closed] = await rows<{ token_id: string }>(
    database.db,
    sql`SELECT t.token_id FROM outcome_tokens t JOIN markets m ON m.id = t.market_id WHERE m.closed LIMIT 1`,
  );
  closedToken = closed!.token_id;
});
afterAll(() => database.close());

describe('MarketRegistry', () => {
  it('answers lookups made together, hostile token ids among them, each with its own market', async () => {
    const registry = new MarketRegistry(database.db);
    const hostile = ['x"}', "'; DROP TABLE markets; --", '\\', '{"a":1}', ''];
    const answers = await Promise.all([
      ...tradable.map((t) => registry.byToken(t.token_id)),
      ...hostile.map((t) => registry.byToken(t)),
      registry.byToken(closedToken),
      // The same token twice at once: one answer for both.
      registry.byToken(tradable[0]!.token_id),
    ]);
    tradable.forEach((t, i) => {
      expect(answers[i]?.market.marketId).toBe(t.market_id);
      expect(answers[i]?.outcome).toBe(t.outcome);
      expect(answers[i]?.market.tokens[t.outcome]).toBe(t.token_id);
    });
    expect(answers.slice(tradable.length, -1)).toEqual([...hostile.map(() => null), null]);
    expect(answers.at(-1)).toEqual(answers[0]);
  });

  it('reads each missing token once however many ask for it at the same time', async () => {
    let queries = 0;
    const counting = new Proxy(database.db, {
      get(target, name, receiver) {
        if (name === 'execute') queries += 1;
        return Reflect.get(target, name, receiver);
      },
    });
    const registry = new MarketRegistry(counting);
    const tokens = tradable.map((t) => t.token_id);
    await Promise.all([...tokens, ...tokens, ...tokens].map((t) => registry.byToken(t)));
    expect(queries).toBe(1);
    // Cached now: no query at all.
    await Promise.all(tokens.map((t) => registry.byToken(t)));
    expect(queries).toBe(1);
  });

  it("reads a market's other token with the one asked for", async () => {
    let queries = 0;
    const counting = new Proxy(database.db, {
      get(target, name, receiver) {
        if (name === 'execute') queries += 1;
        return Reflect.get(target, name, receiver);
      },
    });
    const registry = new MarketRegistry(counting);
    const first = await registry.byToken(tradable[0]!.token_id);
    const other = first!.market.tokens[first!.outcome === 0 ? 1 : 0];
    expect(await registry.byToken(other)).toEqual({
      market: first!.market,
      outcome: first!.outcome === 0 ? 1 : 0,
    });
    expect(queries).toBe(1);
  });

  it('reads the entries in use again with the next query once past half their trust period', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let queries = 0;
      const counting = new Proxy(database.db, {
        get(target, name, receiver) {
          if (name === 'execute') queries += 1;
          return Reflect.get(target, name, receiver);
        },
      });
      const registry = new MarketRegistry(counting);
      const markets = [...new Map(tradable.map((t) => [t.market_id, t.token_id])).values()];
      expect(markets.length).toBeGreaterThanOrEqual(3);
      const [busy, idle, late] = markets as [string, string, string];
      await Promise.all([registry.byToken(busy), registry.byToken(idle)]);
      expect(queries).toBe(1);
      vi.advanceTimersByTime(1_200);
      await registry.byToken(busy); // in use
      await registry.byToken(late); // a miss: its query reads the busy market again, not the idle one
      expect(queries).toBe(2);
      vi.advanceTimersByTime(1_000);
      // 2.2 s after the first read: the busy market's entry is 1 s old, the idle one's has expired.
      expect((await registry.byToken(busy))?.market.tokens).toContain(busy);
      expect(queries).toBe(2);
      await registry.byToken(idle);
      expect(queries).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a read while a renewal is under way does not read the renewed entries again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const asked: string[][] = [];
      let hold: Promise<void> | null = null;
      const counting = new Proxy(database.db, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver);
          if (name !== 'execute') return value;
          return async (query: SQL) => {
            // The query's one JSON list parameter: the tokens it reads.
            const { params } = (target as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
            asked.push(JSON.parse(String(params.find((p) => String(p).startsWith('[')))) as string[]);
            if (hold) await hold;
            return (value as (q: SQL) => Promise<unknown>).apply(target, [query]);
          };
        },
      });
      const registry = new MarketRegistry(counting);
      const markets = [...new Map(tradable.map((t) => [t.market_id, t.token_id])).values()];
      const [busy, late] = markets as [string, string];
      await registry.byToken(busy);
      vi.advanceTimersByTime(1_200);
      let release = () => {};
      hold = new Promise((resolve) => {
        release = resolve;
      });
      await registry.byToken(busy); // asks for its renewal, held back below
      await vi.waitFor(() => expect(asked).toHaveLength(2));
      hold = null;
      const answer = registry.byToken(late); // a miss while the renewal is under way
      await vi.waitFor(() => expect(asked).toHaveLength(3));
      release();
      expect((await answer)?.market.tokens).toContain(late);
      expect(asked[1]).toContain(busy);
      expect(asked[2]).toEqual([late]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews an entry in use before it expires, so a busy market is never missed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let queries = 0;
      let answered = 0;
      const counting = new Proxy(database.db, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver);
          if (name !== 'execute') return value;
          return async (...args: unknown[]) => {
            queries += 1;
            const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            answered += 1;
            return result;
          };
        },
      });
      const registry = new MarketRegistry(counting);
      const busy = tradable[0]!.token_id;
      await registry.byToken(busy);
      expect(queries).toBe(1);
      // Used within the first half of its trust period: nothing is read.
      vi.advanceTimersByTime(900);
      await registry.byToken(busy);
      await new Promise((resolve) => setImmediate(resolve));
      expect(queries).toBe(1);
      // Used past half of it: answered from the cache, and read again in the background (once).
      vi.advanceTimersByTime(300);
      await Promise.all([registry.byToken(busy), registry.byToken(busy)]);
      await vi.waitFor(() => expect(answered).toBe(2));
      expect(queries).toBe(2);
      // 2.5 s after the first read, past its trust period: still a hit, renewed at 1.2 s.
      vi.advanceTimersByTime(1_300);
      expect((await registry.byToken(busy))?.market.tokens).toContain(busy);
      expect(answered).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
