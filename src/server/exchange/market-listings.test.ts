import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClobMarket,
  ClobMarketInfo,
  ClobMarketsPage,
  MARKETS_PAGE_SIZE,
  MarketByToken,
  SimplifiedMarketsPage,
} from '../../contract/trading';
import { expectError } from '../credentials/test-helpers';
import { rows } from '../db/open';
import type { TestApp } from '../test/app';
import { buildTradingApp } from './test/trading-app';

/**
 * The legacy client's market listings (GET /markets and kin) and the SDK's market lookups
 * (GET /clob-markets/{condition_id}, /markets-by-token/{token_id}): the catalog's markets, in the
 * reference's shapes.
 */

let t: TestApp;
/** Every market's condition id in the catalog's order, and which take orders. */
let all: { condition_id: string; tradable: boolean }[];

beforeAll(async () => {
  t = await buildTradingApp('market-listings', 260);
  all = await rows(
    t.database.db,
    sql`SELECT condition_id, (active AND NOT closed AND cardinality(clob_token_ids) = 2) AS tradable
        FROM markets ORDER BY length(id), id COLLATE "C"`,
  );
}, 60_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url: `/clob${url}` });

/** Every page of a listing, following next_cursor from the first page as the legacy client does. */
async function walk(path: string) {
  const pages: { count: number; next_cursor: string; data: { condition_id: string }[] }[] = [];
  let next = 'MA==';
  while (next !== 'LTE=') {
    const res = await get(`${path}?next_cursor=${encodeURIComponent(next)}`);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.json());
    next = pages.at(-1)!.next_cursor;
  }
  return pages;
}

describe('the market listings', () => {
  it('the catalog is larger than a page', () => {
    expect(all.length).toBeGreaterThan(MARKETS_PAGE_SIZE);
    expect(all.some((m) => !m.tradable)).toBe(true);
  });

  it('GET /markets pages through every market of the catalog, in its order, 500 a page', async () => {
    const pages = await walk('/markets');
    for (const page of pages) ClobMarketsPage.parse(page);
    const full = Math.floor(all.length / MARKETS_PAGE_SIZE);
    expect(pages.map((p) => p.count)).toEqual([
      ...Array<number>(full).fill(MARKETS_PAGE_SIZE),
      all.length - full * MARKETS_PAGE_SIZE,
    ]);
    expect(pages.flatMap((p) => p.data.map((m) => m.condition_id))).toEqual(all.map((m) => m.condition_id));
    // No cursor at all, or an empty one, is the first page too.
    expect((await get('/markets')).json().data[0].condition_id).toBe(all[0]!.condition_id);
    expect((await get('/markets?next_cursor=')).json().data[0].condition_id).toBe(all[0]!.condition_id);
  });

  it('the sampling lists hold only the markets that take orders; the simplified ones, fewer fields', async () => {
    const tradable = all.filter((m) => m.tradable).map((m) => m.condition_id);
    for (const path of ['/sampling-markets', '/sampling-simplified-markets']) {
      const pages = await walk(path);
      expect(pages.flatMap((p) => p.data.map((m) => m.condition_id))).toEqual(tradable);
    }
    const simplified = await walk('/simplified-markets');
    for (const page of simplified) SimplifiedMarketsPage.parse(page);
    expect(Object.keys(simplified[0]!.data[0]!).sort()).toEqual(
      ['accepting_orders', 'active', 'archived', 'closed', 'condition_id', 'rewards', 'tokens'].sort(),
    );
  });

  it('GET /markets/{condition_id}: a market as the catalog has it, its tokens with their prices', async () => {
    const [row] = await rows<{
      condition_id: string;
      tokens: string[];
      outcomes: string;
      outcome_prices: string;
      question: string;
      slug: string;
      neg_risk: boolean;
      tick: number;
      min_size: number;
    }>(
      t.database.db,
      sql`SELECT condition_id, clob_token_ids AS tokens, outcomes, outcome_prices, question, slug, neg_risk,
                 order_price_min_tick_size AS tick, order_min_size AS min_size
          FROM markets WHERE active AND NOT closed AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 1`,
    );
    const res = await get(`/markets/${row!.condition_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const market = ClobMarket.parse(res.json());
    const [first, second] = JSON.parse(row!.outcomes) as string[];
    const prices = (JSON.parse(row!.outcome_prices) as string[]).map(Number);
    expect(market).toMatchObject({
      condition_id: row!.condition_id,
      question: row!.question,
      market_slug: row!.slug,
      neg_risk: row!.neg_risk,
      minimum_tick_size: row!.tick,
      minimum_order_size: row!.min_size,
      active: true,
      closed: false,
      accepting_orders: true,
      enable_order_book: true,
      end_date_iso: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      tokens: [
        { token_id: row!.tokens[0], outcome: first, price: prices[0], winner: false },
        { token_id: row!.tokens[1], outcome: second, price: prices[1], winner: false },
      ],
    });
    // The book of a listed token is there to read.
    expect((await get(`/book?token_id=${market.tokens[0]!.token_id}`)).statusCode).toBe(200);
  });

  it('a closed market is listed, not taking orders', async () => {
    const closed = all.find((m) => !m.tradable)!;
    expect((await get(`/markets/${closed.condition_id}`)).json()).toMatchObject({
      accepting_orders: false,
      enable_order_book: false,
    });
  });

  it('refuses a cursor of no list, a malformed condition id, and says when no market has it', async () => {
    expectError(await get('/markets?next_cursor=garbage!'), 400, 'INVALID_PARAMETER');
    const notOurs = await get(`/sampling-markets?next_cursor=${Buffer.from('x').toString('base64')}`);
    expectError(notOurs, 400, 'INVALID_PARAMETER');
    expect(notOurs.json().error).toBe(
      'Invalid markets params payload: next_cursor is not a cursor of this list.',
    );
    expectError(
      await get(`/markets?next_cursor=${Buffer.from('-5').toString('base64')}`),
      400,
      'INVALID_PARAMETER',
    );
    expectError(await get('/markets/0x1234'), 400, 'INVALID_PARAMETER');
    const unknown = await get(`/markets/0x${'cd'.repeat(32)}`);
    expectError(unknown, 404, 'MARKET_NOT_FOUND');
    expect(unknown.json().error).toBe('market not found');
  });
});

describe("the SDK's market lookups and builder fees", () => {
  /** A market of the catalog with its tokens, outcomes and trading rules. */
  const marketRow = async (where: ReturnType<typeof sql>) => {
    const [row] = await rows<{
      condition_id: string;
      tokens: string[];
      outcomes: string;
      tick: number;
      min_size: number;
    }>(
      t.database.db,
      sql`SELECT condition_id, clob_token_ids AS tokens, outcomes, order_price_min_tick_size AS tick,
                 order_min_size AS min_size
          FROM markets WHERE ${where} ORDER BY id LIMIT 1`,
    );
    return row!;
  };

  it('GET /clob-markets/{condition_id}: the tokens, tick and minimum size; no fees', async () => {
    const row = await marketRow(sql`active AND NOT closed AND cardinality(clob_token_ids) = 2`);
    const res = await get(`/clob-markets/${row.condition_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = JSON.parse(row.outcomes) as string[];
    expect(ClobMarketInfo.parse(res.json())).toEqual({
      gst: null,
      r: {},
      t: [
        { t: row.tokens[0], o: first },
        { t: row.tokens[1], o: second },
      ],
      mos: row.min_size,
      mts: row.tick,
      mbf: 0,
      tbf: 0,
      rfqe: false,
      ibce: false,
      fd: { r: 0, e: 0, to: false },
      oas: 0,
    });
    // The id in capitals finds the same market.
    const upper = `0x${row.condition_id.slice(2).toUpperCase()}`;
    expect((await get(`/clob-markets/${upper}`)).json()).toEqual(res.json());
  });

  it("GET /markets-by-token/{token_id}: either token's market, open or closed", async () => {
    for (const where of [sql`active AND NOT closed`, sql`closed`]) {
      const row = await marketRow(sql`${where} AND cardinality(clob_token_ids) = 2`);
      for (const token of row.tokens) {
        const res = await get(`/markets-by-token/${token}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(MarketByToken.parse(res.json())).toEqual({
          condition_id: row.condition_id,
          primary_token_id: row.tokens[0],
          secondary_token_id: row.tokens[1],
        });
      }
    }
  });

  it('GET /fees/builder-fees/{builder_code}: no builder is paid here', async () => {
    const res = await get(`/fees/builder-fees/0x${'b1'.repeat(32)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ builder_maker_fee_rate_bps: 0, builder_taker_fee_rate_bps: 0 });
    expectError(await get('/fees/builder-fees/acme'), 400, 'INVALID_PARAMETER');
  });

  it('refuses malformed ids and says when no market has one', async () => {
    expectError(await get('/clob-markets/0x1234'), 400, 'INVALID_PARAMETER');
    expectError(await get('/markets-by-token/yes'), 400, 'INVALID_PARAMETER');
    expectError(await get(`/markets-by-token/${'9'.repeat(78)}`), 400, 'INVALID_PARAMETER');
    for (const url of [`/clob-markets/0x${'cd'.repeat(32)}`, '/markets-by-token/12345']) {
      const unknown = await get(url);
      expectError(unknown, 404, 'MARKET_NOT_FOUND');
      expect(unknown.json().error).toBe('market not found');
    }
  });
});
