import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketTradeEvents } from '../../contract/trading';
import { expectError } from '../credentials/test-helpers';
import { rows } from '../db/open';
import type { TestApp } from '../test/app';
import { buildTradingApp, TEST_CHAIN } from './test/trading-app';
import { Trader } from './test/trader';

/** GET /live-activity/events/{condition_id}: a market's latest fills, in public, naming no wallet. */

let t: TestApp;
let market: { condition: string; yes: string; no: string; noName: string; question: string; slug: string };
let quiet: string;
let alice: Trader;
let bob: Trader;

beforeAll(async () => {
  t = await buildTradingApp('market-trades', 20);
  const open = await rows<{
    condition_id: string;
    tokens: string[];
    outcomes: string;
    question: string;
    slug: string;
  }>(
    t.database.db,
    sql`SELECT condition_id, clob_token_ids AS tokens, outcomes, question, slug FROM markets
        WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 2`,
  );
  const [first, second] = open as [(typeof open)[0], (typeof open)[0]];
  market = {
    condition: first.condition_id,
    yes: first.tokens[0]!,
    no: first.tokens[1]!,
    noName: JSON.parse(first.outcomes)[1],
    question: first.question,
    slug: first.slug,
  };
  quiet = second.condition_id;
  alice = await Trader.create(t.app, TEST_CHAIN);
  bob = await Trader.create(t.app, TEST_CHAIN);
});
afterAll(() => t.close());

const trades = (condition: string, query = '') =>
  t.app.inject({ url: `/clob/live-activity/events/${condition}${query}` });

describe('a market’s latest trades', () => {
  it('answers an empty list for a market that has not traded', async () => {
    const res = await trades(quiet);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists each fill newest first, from its taker’s side, in its taker’s outcome', async () => {
    // Alice bids for Yes at 0.40 and 0.39; Bob's buy of No at 0.61 is an ask of Yes at 0.39, so it mints
    // against both bids: one trade of two fills, at 0.60 then 0.61 in No's terms.
    expect((await alice.place({ tokenId: market.yes, side: 'BUY', price: 0.4, size: 10 })).statusCode).toBe(
      200,
    );
    expect((await alice.place({ tokenId: market.yes, side: 'BUY', price: 0.39, size: 20 })).statusCode).toBe(
      200,
    );
    const minted = await bob.place({ tokenId: market.no, side: 'BUY', price: 0.61, size: 25 });
    expect(minted.json()).toMatchObject({ status: 'matched' });
    // Then Bob sells 5 of his No to Alice's resting bid for No at 0.50: one plain trade.
    expect((await alice.place({ tokenId: market.no, side: 'BUY', price: 0.5, size: 5 })).statusCode).toBe(
      200,
    );
    expect((await bob.place({ tokenId: market.no, side: 'SELL', price: 0.5, size: 5 })).json()).toMatchObject(
      {
        status: 'matched',
      },
    );

    const res = await trades(market.condition);
    expect(res.statusCode, res.body).toBe(200);
    const listed = MarketTradeEvents.parse(res.json());
    expect(
      listed.map((e) => [e.side, e.outcome, e.outcome_index, e.price, e.size, e.market.asset_id]),
    ).toEqual([
      ['SELL', market.noName, 1, '0.5', '5', market.no],
      ['BUY', market.noName, 1, '0.61', '15', market.no],
      ['BUY', market.noName, 1, '0.6', '10', market.no],
    ]);
    expect(listed[0]!.market).toMatchObject({
      condition_id: market.condition,
      question: market.question,
      slug: market.slug,
    });
    // The two fills of one trade share its transaction hash, the one the market channel and /data/trades give.
    expect(listed[1]!.transaction_hash).toBe(listed[2]!.transaction_hash);
    expect(listed[0]!.transaction_hash).not.toBe(listed[1]!.transaction_hash);
    const [bobsTrade] = (await bob.request('GET', `/data/trades?market=${market.condition}`)).json().data;
    expect(bobsTrade.transaction_hash).toBe(listed[0]!.transaction_hash);
    const now = Math.floor(Date.now() / 1000);
    for (const e of listed) expect(Math.abs(Number(e.timestamp) - now)).toBeLessThan(60);
  });

  it('names no wallet: neither party appears anywhere in the answer', async () => {
    const body = (await trades(market.condition)).body.toLowerCase();
    for (const trader of [alice, bob])
      expect(body).not.toContain(trader.account.address.slice(2).toLowerCase());
    for (const e of (await trades(market.condition)).json())
      expect(Object.values(e.user)).toEqual(['', '', '', '', '']);
  });

  it('takes a limit of 1 to 100 fills (20 by default), and the condition id in either case', async () => {
    const newest = (await trades(market.condition, '?limit=1')).json();
    expect(newest.map((e: { price: string }) => e.price)).toEqual(['0.5']);
    expect((await trades(market.condition.toUpperCase().replace('0X', '0x'))).json()).toHaveLength(3);
    expect((await trades(market.condition, '?limit=100')).json()).toHaveLength(3);
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=ten',
      'limit=-1',
      'limit=1.5',
      'limit=',
      'limit=5&limit=6',
    ]) {
      const res = await trades(market.condition, `?${query}`);
      expectError(res, 400, 'INVALID_PARAMETER');
      expect(res.json().error, query).toMatch(/limit: must be (given once, )?a whole number from 1 to 100/);
    }
  });

  it('refuses what is not a condition id, and says when no market has it', async () => {
    for (const bad of ['0x1234', 'abc', `0x${'g'.repeat(64)}`, `${'a'.repeat(66)}`])
      expectError(await trades(bad), 400, 'INVALID_PARAMETER');
    const unknown = await trades(`0x${'ab'.repeat(32)}`);
    expectError(unknown, 404, 'MARKET_NOT_FOUND');
    expect(unknown.json().error).toBe('market not found');
  });
});
