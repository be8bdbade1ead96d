import type { AddressInfo } from 'node:net';
import { MarketEventSchema, UserEventSchema } from '@polymarket/bindings/subscriptions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Event } from '../../../../contract/catalog';
import { DEFAULT_CHAIN_ID } from '../../../../contract/auth';
import { upsertEvents } from '../../../catalog/load';
import { rows } from '../../../db/open';
import { buildTestApp, type TestApp } from '../../../test/app';
import { catalogHolding } from '../../test/catalog-holding';
import { Trader } from '../../test/trader';
import { LiveClient, type Message } from './live-client';

export interface Market {
  conditionId: string;
  yes: string;
  no: string;
}

export interface LiveServer {
  t: TestApp;
  /** The catalog it started with (a test that loads an event again changes one of these). */
  catalog: Event[];
  /** ws://…/clob */
  ws: string;
  markets: Market[];
  /** Every token with a book (both tokens of every tradable market). */
  tokens: string[];
  connect(channel: 'market' | 'user'): Promise<LiveClient>;
  trader(): Promise<Trader>;
}

/**
 * The real app listening on a port, with a demo catalog holding `count` open binary markets outside
 * negative-risk groups to follow and trade (`markets`), generated from at least `events` events.
 */
export function startLiveServer(env: Record<string, string> = {}, count = 6, events = 12): LiveServer {
  const server = {} as LiveServer;
  beforeAll(async () => {
    const t = await buildTestApp({ SERVE_CLOB: 'true', RATE_LIMIT_MAX: '10000', ...env });
    server.t = t;
    server.catalog = catalogHolding('live-channels', { plain: count }, events);
    await upsertEvents(t.database.db, server.catalog);
    const tradable = await rows<{ tokens: string[] }>(
      t.database.db,
      sql`SELECT clob_token_ids AS tokens FROM markets
          WHERE active AND NOT closed AND cardinality(clob_token_ids) = 2 ORDER BY id`,
    );
    server.tokens = tradable.flatMap((m) => m.tokens);
    const found = await rows<{ condition_id: string; tokens: string[] }>(
      t.database.db,
      sql`SELECT condition_id, clob_token_ids AS tokens FROM markets
          WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2
          ORDER BY id LIMIT ${count}`,
    );
    expect(found).toHaveLength(count);
    server.markets = found.map((m) => ({ conditionId: m.condition_id, yes: m.tokens[0]!, no: m.tokens[1]! }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    server.ws = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/clob`;
    server.connect = (channel) => LiveClient.open(`${server.ws}/ws/${channel}`);
    server.trader = () => Trader.create(t.app, DEFAULT_CHAIN_ID);
  });
  afterAll(() => server.t?.close());
  return server;
}

/** Every message parses with the reference SDK's own schemas (what its subscriptions read). */
export function expectSdkReads(channel: 'market' | 'user', messages: Message[]): void {
  const schema = channel === 'market' ? MarketEventSchema : UserEventSchema;
  for (const m of messages) {
    const parsed = schema.safeParse(m);
    expect(parsed.success, `${JSON.stringify(m)}: ${parsed.error?.message}`).toBe(true);
  }
}

/** The user channel's first message for a trader's key. */
export const userAuth = (trader: Trader, markets?: string[]) => ({
  type: 'user',
  ...(markets ? { markets } : {}),
  auth: {
    apiKey: trader.credentials.apiKey,
    secret: trader.credentials.secret,
    passphrase: trader.credentials.passphrase,
  },
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
