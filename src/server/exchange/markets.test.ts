import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
