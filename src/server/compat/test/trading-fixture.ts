import type { AddressInfo } from 'node:net';
import { createSecureClient, forkEnvironmentConfig } from '@polymarket/client';
import { privateKey } from '@polymarket/client/viem';
import { sql } from 'drizzle-orm';
import { createWalletClient, custom } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect } from 'vitest';
import { generateCatalog } from '../../../catalog-tools/generate';
import { upsertEvents } from '../../catalog/load';
import { rows } from '../../db/open';
import { Trader } from '../../exchange/test/trader';
import { buildTestApp, type TestApp } from '../../test/app';

/**
 * The real server over HTTP for the reference clients' trading tests: chain 80002, a demo catalog, and
 * two other wallets (our test trader, signing version-1 orders): a maker whose resting orders the
 * clients trade against, and a taker that takes theirs. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

export const CHAIN_ID = 80002;
export const USDC = 1_000_000;
/** The paper grant of an address's first key. */
export const GRANT = 1000 * USDC;
/** The SDK's standard and negative-risk exchanges (its production defaults, whatever the chain). */
export const SDK_EXCHANGES = [
  '0xE111180000d2663C0091e4f400237545B87B996B',
  '0xe2222d279d744050d28e00520010520000310F59',
];
export const UNKNOWN_ORDER = `0x${'ab'.repeat(32)}`;

export interface Market {
  conditionId: string;
  yes: string;
  no: string;
}

export interface TradingServer {
  t: TestApp;
  base: string;
  /** Open binary markets, and open binary markets of negative-risk events (signed for the other exchange). */
  plain: Market[];
  negRisk: Market[];
  maker: Trader;
  taker: Trader;
  /** The maker's resting order; a BUY of one outcome is also a SELL of the other at 1 − price. */
  rest(opts: Parameters<Trader['order']>[0]): Promise<string>;
}

async function openMarkets(t: TestApp, negRisk: boolean, count: number): Promise<Market[]> {
  const found = await rows<{ condition_id: string; tokens: string[] }>(
    t.database.db,
    sql`SELECT condition_id, clob_token_ids AS tokens FROM markets
        WHERE active AND NOT closed AND neg_risk = ${negRisk} AND outcomes::jsonb = '["Yes", "No"]'::jsonb
        ORDER BY id LIMIT ${count}`,
  );
  expect(found).toHaveLength(count);
  return found.map((m) => ({ conditionId: m.condition_id, yes: m.tokens[0]!, no: m.tokens[1]! }));
}

/** Starts the server before the file's tests (and stops it after); its fields are set once started. */
export function startTradingServer(markets: { plain: number; negRisk: number }): TradingServer {
  const server = {} as TradingServer;
  beforeAll(async () => {
    const t = await buildTestApp({ SERVE_CLOB: 'true', RATE_LIMIT_MAX: '10000', CHAIN_ID: String(CHAIN_ID) });
    server.t = t;
    await upsertEvents(
      t.database.db,
      generateCatalog({ events: 40, seed: 'reference-trading', now: new Date('2026-11-01T00:00:00Z') }),
    );
    server.plain = await openMarkets(t, false, markets.plain);
    server.negRisk = await openMarkets(t, true, markets.negRisk);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    server.base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    server.maker = await Trader.create(t.app, CHAIN_ID);
    server.taker = await Trader.create(t.app, CHAIN_ID);
    server.rest = async (opts) => {
      const res = await server.maker.place(opts);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'live' });
      return (res.json() as { orderID: string }).orderID;
    };
  });
  afterAll(() => server.t?.close());
  return server;
}

/** A secure SDK client for the wallet of this key (the signer's own address: an EOA, no chain lookup). */
export async function sdkClientOf(base: string, key: `0x${string}`) {
  const signer = privateKey(key);
  return createSecureClient({
    signer,
    wallet: await signer.getAddress(),
    // A nonce of its own: the same wallet's other clients authorise with nonce 0, and two Level 1
    // authorisations of one address in one second with the same nonce are one (the second is refused).
    nonce: 1 + Math.floor(Math.random() * 2 ** 30),
    // Chain 80002 and our base URL (its live channels included); the hosts we do not serve forked to
    // ours too, as docs/api.md §9 tells users, so no test call reaches the reference's servers.
    environment: forkEnvironmentConfig({
      name: 'marketdesk',
      chainId: CHAIN_ID,
      clob: {
        rest: `${base}/clob`,
        market: { ws: `${base.replace(/^http/, 'ws')}/clob/ws/market` },
        user: { ws: `${base.replace(/^http/, 'ws')}/clob/ws/user` },
      },
      data: { rest: `${base}/not-served/data` },
      relayer: { rest: `${base}/not-served/relayer` },
      rpc: `${base}/not-served/rpc`,
    }),
  });
}

/** A viem wallet as the legacy client's users pass one; signing needs no chain. */
export const walletOf = (key: `0x${string}`) =>
  createWalletClient({
    account: privateKeyToAccount(key),
    transport: custom({ request: () => Promise.reject(new Error('no RPC here')) }),
  });
