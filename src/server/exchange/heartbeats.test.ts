import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HeartbeatResponse } from '../../contract/trading';
import { expectError, l2 } from '../credentials/test-helpers';
import { rows } from '../db/open';
import type { TestApp } from '../test/app';
import { beat, HEARTBEAT_SECONDS } from './heartbeats';
import { ledgerViolations } from './test/invariants';
import { buildTradingApp, TEST_CHAIN } from './test/trading-app';
import { Trader } from './test/trader';

/**
 * Heartbeats (POST /v1/heartbeats), the dead man's switch: a chain that misses its deadline cancels every
 * open order of its key's address, through the writer, and releases what they held.
 */

let t: TestApp;
let tokens: string[];

beforeAll(async () => {
  t = await buildTradingApp('heartbeats', 20);
  const open = await rows<{ tokens: string[] }>(
    t.database.db,
    sql`SELECT clob_token_ids AS tokens FROM markets
        WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 2`,
  );
  tokens = open.map((m) => m.tokens[0]!);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const heartbeat = (trader: Trader, body?: unknown, path = '/v1/heartbeats') =>
  trader.request('POST', path, body);
const started = async (trader: Trader, body?: unknown) => {
  const res = await heartbeat(trader, body);
  expect(res.statusCode, res.body).toBe(200);
  return HeartbeatResponse.parse(res.json()).heartbeat_id;
};
const openOrders = async (trader: Trader) => {
  const res = await trader.request('GET', '/data/orders');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string }[] }).data.map((o) => o.id).sort();
};
const rest = async (trader: Trader, tokenId: string, price: number) => {
  const res = await trader.place({ tokenId, side: 'BUY', price, size: 10 });
  expect(res.json(), res.body).toMatchObject({ status: 'live' });
  return (res.json() as { orderID: string }).orderID;
};
/** Moves the clock (Date, so the server's and the signer's) `seconds` ahead. */
const later = (seconds: number) => {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + seconds * 1000);
};

describe('heartbeats', () => {
  it('starts a chain without an id (no body, or a null one), renews it with the id, at both paths', async () => {
    const trader = await Trader.create(t.app, TEST_CHAIN);
    const first = await started(trader);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await started(trader, { heartbeat_id: first })).toBe(first);
    const res = await heartbeat(trader, { heartbeat_id: first }, '/heartbeats');
    expect(res.json()).toEqual({ heartbeat_id: first, status: 'ok' });
    // A new chain replaces the old one, whose id is then refused.
    const second = await started(trader, { heartbeat_id: null });
    expect(second).not.toBe(first);
    const old = await heartbeat(trader, { heartbeat_id: first });
    expectError(old, 400, 'HEARTBEAT_INVALID');
    expect(old.json().error).toBe(
      `heartbeat ${first} is not this API key's running heartbeat; send one without heartbeat_id to start a chain`,
    );
  });

  it('a lapsed chain cancels every open order of its address and releases what they held', async () => {
    const trader = await Trader.create(t.app, TEST_CHAIN);
    const grant = await trader.balance();
    const orders = [await rest(trader, tokens[0]!, 0.2), await rest(trader, tokens[1]!, 0.3)].sort();
    const id = await started(trader);
    // Renewed 8 s later, the chain outlives the first deadline.
    later(8);
    expect(await started(trader, { heartbeat_id: id })).toBe(id);
    later(HEARTBEAT_SECONDS - 1);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await openOrders(trader)).toEqual(orders);

    // Then no heartbeat: within a second or so of the deadline, the sweep cancels both orders.
    later(3);
    await vi.waitFor(async () => expect(await openOrders(trader)).toEqual([]), { timeout: 5_000 });
    expect(await trader.balance()).toBe(grant);
    for (const order of orders) {
      const res = await trader.request('GET', `/data/order/${order}`);
      expect(res.json()).toMatchObject({ status: 'CANCELED' });
    }
    expect(await ledgerViolations(t.database.db)).toEqual([]);

    // A late heartbeat is told what happened, and changes nothing; a new chain starts.
    const late = await heartbeat(trader, { heartbeat_id: id });
    expectError(late, 400, 'HEARTBEAT_INVALID');
    expect(late.json().error).toMatch(
      new RegExp(
        `^heartbeat ${id} lapsed at \\d{4}-.+Z: no heartbeat came within 10 seconds, so every open order`,
      ),
    );
    expect(await started(trader)).not.toBe(id);
  });

  it('only the lapsed chain’s address loses its orders', async () => {
    const alice = await Trader.create(t.app, TEST_CHAIN);
    const bob = await Trader.create(t.app, TEST_CHAIN);
    const bobs = await rest(bob, tokens[0]!, 0.25);
    await rest(alice, tokens[0]!, 0.24);
    await started(alice);
    later(HEARTBEAT_SECONDS + 3);
    await vi.waitFor(async () => expect(await openOrders(alice)).toEqual([]), { timeout: 5_000 });
    expect(await openOrders(bob)).toEqual([bobs]);
  });

  it('a refused heartbeat uses nothing up: the same signed request is refused again for the same reason', async () => {
    const trader = await Trader.create(t.app, TEST_CHAIN);
    const body = JSON.stringify({ heartbeat_id: 'no-such-chain' });
    const headers = {
      ...((await l2(trader.credentials, {
        method: 'POST',
        path: '/v1/heartbeats',
        timestamp: Math.floor(Date.now() / 1000),
        body,
      })) as unknown as Record<string, string>),
      'content-type': 'application/json',
    };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/clob/v1/heartbeats', headers, payload: body });
      expectError(res, 400, 'HEARTBEAT_INVALID');
    }
  });

  it('refuses a malformed body and a request without Level 2', async () => {
    const trader = await Trader.create(t.app, TEST_CHAIN);
    for (const body of [
      { heartbeat_id: 7 },
      { heartbeat_id: '' },
      { heartbeat_id: 'x'.repeat(101) },
      { heartbeat_id: 'a\u0000b' },
      [1],
    ])
      expectError(await heartbeat(trader, body), 400, 'INVALID_BODY');
    expectError(
      await t.app.inject({ method: 'POST', url: '/clob/v1/heartbeats' }),
      401,
      'AUTH_HEADERS_MISSING',
    );
  });
});

describe('beat (the chain’s rules on the database)', () => {
  const key = { apiKey: '00000000-0000-4000-8000-00000000beef', address: `0x${'be'.repeat(20)}` };

  it('a new chain does not replace one past its deadline whose orders are not yet cancelled', async () => {
    const now = 2_000_000_000;
    const first = await beat(t.database.db, key, null, now);
    expect(first.ok).toBe(true);
    const id = (first as { heartbeatId: string }).heartbeatId;
    // Renewed in time; refused once the deadline has come, whether or not a sweep has run.
    expect(await beat(t.database.db, key, id, now + HEARTBEAT_SECONDS)).toEqual({
      ok: true,
      heartbeatId: id,
    });
    const deadline = now + 2 * HEARTBEAT_SECONDS + 1;
    expect(await beat(t.database.db, key, id, deadline)).toEqual({
      ok: false,
      reason: 'lapsed',
      lapsedAt: deadline,
    });
    expect(await beat(t.database.db, key, null, deadline)).toEqual({ ok: false, reason: 'due' });
    // Once marked lapsed (the writer does it with the cancels), a new chain starts.
    await t.database.db.execute(
      sql`UPDATE exchange_heartbeats SET lapsed_at = deadline WHERE api_key = ${key.apiKey}`,
    );
    expect((await beat(t.database.db, key, null, deadline)).ok).toBe(true);
  });
});
