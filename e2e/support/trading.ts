import { ClobClient, Side } from '@polymarket/clob-client';
import { expect, type Page } from '@playwright/test';
import { createWalletClient, custom } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createL1Headers } from '../../src/contract/auth';

/** Trading programs for the e2e tests: the reference's legacy client, as a user's program would use it. */

export const CHAIN_ID = 80002;

export interface ApiMarket {
  clobTokenIds: string[];
  outcomes: string;
}
export interface ApiEvent {
  slug: string;
  title: string;
  markets: ApiMarket[];
}

/** A wallet with an API key, trading through the legacy client (its paper grant funds it). */
export function trader(baseURL: string): Promise<ClobClient> {
  return sameWalletClient(baseURL, generatePrivateKey());
}

/** The wallet of `privateKey` through the legacy client, with a key of its own, as its own program. */
export async function sameWalletClient(baseURL: string, privateKey: `0x${string}`): Promise<ClobClient> {
  const wallet = createWalletClient({
    account: privateKeyToAccount(privateKey),
    transport: custom({ request: () => Promise.reject(new Error('no RPC here')) }),
  });
  const creds = await new ClobClient(`${baseURL}/clob`, CHAIN_ID, wallet).createApiKey();
  return new ClobClient(`${baseURL}/clob`, CHAIN_ID, wallet, creds);
}

/** The open single-market events among the first `limit` of the top list, in its order. */
export async function topBinaryEvents(page: Page, limit: number): Promise<ApiEvent[]> {
  const res = await page.request.get(
    `/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=${limit}`,
  );
  expect(res.ok()).toBe(true);
  const events = (await res.json()) as ApiEvent[];
  return events.filter((e) => e.markets.length === 1 && e.markets[0]!.clobTokenIds.length === 2);
}

/**
 * The first open binary event with an empty book from `from` on in the top list: past the ones other
 * spec files trade on by index (whose trades also reorder the list, so an index alone may land on a book).
 */
export async function emptyBookEvent(page: Page, from = 14): Promise<ApiEvent> {
  for (const candidate of (await topBinaryEvents(page, 100)).slice(from)) {
    const token = candidate.markets[0]!.clobTokenIds[0]!;
    const book = (await (await page.request.get(`/clob/book?token_id=${token}`)).json()) as {
      bids: unknown[];
      asks: unknown[];
    };
    if (book.bids.length === 0 && book.asks.length === 0) return candidate;
  }
  throw new Error('no open binary event with an empty book in the top 100');
}

export const outcomeNames = (market: ApiMarket) => JSON.parse(market.outcomes) as [string, string];

/**
 * Gives the third binary event of the top list a book with depth (three bids of its first outcome, two
 * asks as bids of the second) and one trade; returns its slug.
 */
export async function tradeOnABinaryEvent(page: Page, baseURL: string): Promise<string> {
  const event = (await topBinaryEvents(page, 100))[2]!;
  const [first, second] = event.markets[0]!.clobTokenIds as [string, string];
  // Once per run: a worker restarted after a failure runs the file's beforeAll again.
  const book = (await (await page.request.get(`/clob/book?token_id=${first}`)).json()) as { bids: unknown[] };
  if (book.bids.length > 0) return event.slug;
  const maker = await trader(baseURL);
  for (const [price, size] of [
    [0.4, 120],
    [0.41, 35],
    [0.42, 60],
  ] as const)
    await maker.createAndPostOrder({ tokenID: first, price, size, side: Side.BUY });
  for (const [price, size] of [
    [0.53, 80],
    [0.55, 25],
  ] as const)
    await maker.createAndPostOrder({ tokenID: second, price, size, side: Side.BUY });
  const taker = await trader(baseURL);
  await taker.createAndPostOrder({ tokenID: second, price: 0.58, size: 20, side: Side.BUY });
  return event.slug;
}

/** The wallet's active keys, listed with Level 1 (GET /api-keys). */
export async function activeKeysOf(baseURL: string, privateKey: `0x${string}`): Promise<string[]> {
  const headers = await createL1Headers(privateKeyToAccount(privateKey), { chainId: CHAIN_ID });
  const listed = await fetch(`${baseURL}/clob/api-keys`, { headers: { ...headers } });
  expect(listed.status).toBe(200);
  return ((await listed.json()) as { apiKeys: string[] }).apiKeys;
}

/** Creates `count` keys as the dashboard's sessions do (its label, a day's life, replaceable), with Level 1. */
export async function sessionKeysFor(
  baseURL: string,
  privateKey: `0x${string}`,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const headers = await createL1Headers(privateKeyToAccount(privateKey), { chainId: CHAIN_ID });
    const created = await fetch(`${baseURL}/clob/api-keys`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'Dashboard session', expiresIn: 86_400, replaceOldest: true }),
    });
    expect(created.status).toBe(201);
  }
}

/**
 * Revokes every active key of the wallet with Level 1, as its owner would from another device: a
 * session key the page holds ends, and the server answers it 401 API_KEY_REVOKED. Returns their ids.
 */
export async function revokeKeysOf(baseURL: string, privateKey: `0x${string}`): Promise<string[]> {
  const apiKeys = await activeKeysOf(baseURL, privateKey);
  for (const apiKey of apiKeys) {
    const headers = await createL1Headers(privateKeyToAccount(privateKey), { chainId: CHAIN_ID });
    const revoked = await fetch(`${baseURL}/clob/api-keys?apiKey=${apiKey}`, {
      method: 'DELETE',
      headers: { ...headers },
    });
    expect(revoked.status).toBe(200);
  }
  return apiKeys;
}
