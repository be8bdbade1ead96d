import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/open';
import type { TestApp } from '../../test/app';
import { buildTradingApp, TEST_CHAIN } from '../test/trading-app';
import { Trader } from '../test/trader';

/**
 * /data/orders and /data/trades page by position (paging.ts): a program that reads its lists while it
 * trades sees every item once, whatever was placed, filled or cancelled between two pages.
 */
let t: TestApp;
let yes: string;
let no: string;

beforeAll(async () => {
  t = await buildTradingApp('pages', 10);
  const [open] = await rows<{ tokens: string[] }>(
    t.database.db,
    sql`SELECT clob_token_ids AS tokens FROM markets WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 1`,
  );
  [yes, no] = open!.tokens as [string, string];
});
afterAll(() => t.close());

type Page = { count: number; next_cursor: string; data: { id: string }[] };
const ids = (page: Page) => page.data.map((item) => item.id);
const read = async (trader: Trader, path: string, cursor?: string): Promise<Page> => {
  const res = await trader.request(
    'GET',
    cursor ? `${path}?next_cursor=${encodeURIComponent(cursor)}` : path,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('paging while trading goes on', () => {
  it('open orders: cancels between two pages skip nothing, and new orders come last', async () => {
    const dave = await Trader.create(t.app, TEST_CHAIN);
    const placed: string[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await dave.place({ tokenId: yes, side: 'BUY', price: 0.01 + (i % 20) / 100, size: 5 });
      expect(res.statusCode, res.body).toBe(200);
      placed.push(res.json().orderID);
    }
    const first = await read(dave, '/data/orders');
    expect(first.count).toBe(100);
    expect(ids(first)).toEqual(placed.slice(0, 100));
    expect(first.next_cursor).not.toBe('LTE=');

    // Ten orders of the first page go, three new ones come: an offset of 100 would skip ten.
    for (const id of placed.slice(0, 10))
      expect((await dave.request('DELETE', '/order', { orderID: id })).json().canceled).toEqual([id]);
    const added: string[] = [];
    for (let i = 0; i < 3; i++)
      added.push((await dave.place({ tokenId: yes, side: 'BUY', price: 0.3, size: 5 })).json().orderID);

    const second = await read(dave, '/data/orders', first.next_cursor);
    expect(ids(second)).toEqual([...placed.slice(100), ...added]);
    expect(second.next_cursor).toBe('LTE=');
  });

  it('trades: trades made between two pages do not repeat the first page on the second', async () => {
    const erin = await Trader.create(t.app, TEST_CHAIN);
    const frank = await Trader.create(t.app, TEST_CHAIN);
    // Erin's bid for No at 0.5 is an ask for Yes at 0.5: each of Frank's buys of Yes is one trade.
    expect((await erin.place({ tokenId: no, side: 'BUY', price: 0.5, size: 1000 })).statusCode).toBe(200);
    const buy = async () => {
      const res = await frank.place({ tokenId: yes, side: 'BUY', price: 0.5, size: 5 });
      expect(res.json(), res.body).toMatchObject({ status: 'matched' });
      return res.json().tradeIDs as string[];
    };
    const made: string[] = [];
    for (let i = 0; i < 105; i++) made.push(...(await buy()));
    expect(made).toHaveLength(105);

    const first = await read(frank, '/data/trades');
    expect(ids(first)).toEqual(made.slice(5).reverse());
    for (let i = 0; i < 3; i++) await buy();
    const second = await read(frank, '/data/trades', first.next_cursor);
    expect(ids(second)).toEqual(made.slice(0, 5).reverse());
    expect(second.next_cursor).toBe('LTE=');
    // The maker's list pages the same trades the same way.
    const makerFirst = await read(erin, '/data/trades');
    expect(makerFirst.count).toBe(100);
    const makerRest = await read(erin, '/data/trades', makerFirst.next_cursor);
    expect(new Set([...ids(makerFirst), ...ids(makerRest)]).size).toBe(108);
  });

  it('a cursor is a position: one from another list or hand-made still pages, a malformed one is refused', async () => {
    const gina = await Trader.create(t.app, TEST_CHAIN);
    expect(await read(gina, '/data/orders', Buffer.from('1').toString('base64'))).toMatchObject({ count: 0 });
    for (const bad of ['LTE=', Buffer.from('00').toString('base64'), Buffer.from('1.5').toString('base64')]) {
      const res = await gina.request('GET', `/data/trades?next_cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    }
  });
});
