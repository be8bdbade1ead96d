import type { AddressInfo } from 'node:net';
import { createPublicClient, createSecureClient, forkEnvironmentConfig } from '@polymarket/client';
import { fetchApiKeys } from '@polymarket/client/actions';
import { privateKey } from '@polymarket/client/viem';
import { ClobClient } from '@polymarket/clob-client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, MarketWithEvent, Series, TagWithCount } from '../../contract/catalog';
import { generateCatalog } from '../../catalog-tools/generate';
import { importEvents } from '../../catalog-tools/import';
import { FIXTURE_FILES, fixtureText } from '../../catalog-tools/fixtures';
import { parseImportText } from '../../catalog-tools/normalize';
import { upsertEvents } from '../catalog/load';
import { buildTestApp, type TestApp } from '../test/app';
import { createL1Headers } from '../../contract/auth';

/**
 * The reference service's own clients, as published and given only our base URLs and chain id, against
 * the real server over HTTP: what a program written on them sees when it is pointed at Marketdesk
 * (docs/api.md §9). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

/** Set explicitly, so the clients sign for the chain the server verifies whatever its default. */
const CHAIN_ID = 80002;

let t: TestApp;
let base: string;
let sdk: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  t = await buildTestApp({ SERVE_CLOB: 'true', RATE_LIMIT_MAX: '1000', CHAIN_ID: String(CHAIN_ID) });
  const demo = generateCatalog({ events: 240, seed: 'compat', now: new Date('2026-11-01T00:00:00Z') });
  await upsertEvents(t.database.db, demo);
  const real = Object.keys(FIXTURE_FILES).flatMap((name) =>
    parseImportText(fixtureText(name as keyof typeof FIXTURE_FILES)),
  );
  const report = await importEvents(t.database.db, real);
  expect(report.errors).toEqual([]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  sdk = createPublicClient({ environment: environment() });
});
afterAll(() => t.close());

/** The SDK's environment for this server: its base URLs and chain, nothing else. */
const environment = () =>
  forkEnvironmentConfig({
    name: 'marketdesk',
    chainId: CHAIN_ID,
    gamma: { rest: `${base}/gamma` },
    clob: { rest: `${base}/clob` },
  });

/** Our own list, read with our own L1 headers: what the server holds, independent of the clients. */
async function activeKeys(account: ReturnType<typeof privateKeyToAccount>): Promise<string[]> {
  const response = await fetch(`${base}/clob/api-keys`, {
    headers: await createL1Headers(account, { chainId: CHAIN_ID }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { apiKeys: string[] }).apiKeys;
}

const ours = async <T>(path: string): Promise<{ body: T; total: string | undefined }> => {
  const response = await fetch(`${base}/gamma${path}`);
  expect(response.status, path).toBe(200);
  return { body: (await response.json()) as T, total: response.headers.get('x-total-count') ?? undefined };
};

/** Every item of an offset-paged list of ours, walked page by page. */
async function walkOffsets<T>(path: string, pageSize: number): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const { body } = await ours<T[]>(`${path}&limit=${pageSize}&offset=${offset}`);
    all.push(...body);
    if (body.length < pageSize) return all;
  }
}

async function collect<T>(pages: AsyncIterable<{ items: T[] }>): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let count = 0;
  for await (const page of pages) {
    items.push(...page.items);
    count++;
  }
  return { items, pages: count };
}

const isBinary = (m: { outcomes: string }) => (JSON.parse(m.outcomes) as unknown[]).length === 2;

describe('the reference SDK (@polymarket/client) reads our catalog', () => {
  it.each<[string, Parameters<typeof sdk.listEvents>[0], string]>([
    ['by id', {}, 'closed=false'],
    [
      'by volume, descending',
      { order: 'volume', ascending: false },
      'closed=false&order=volume&ascending=false',
    ],
    ['by title', { order: 'title' }, 'closed=false&order=title'],
    ['by end date, one tag', { order: 'endDate', tagIds: [2] }, 'closed=false&order=endDate&tag_id=2'],
  ])('listEvents %s: every open event once, in our /events order', async (_, request, query) => {
    const walked = await collect(sdk.listEvents({ ...request, pageSize: 7 }));
    const expected = await walkOffsets<Event>(`/events?${query}`, 100);
    const { total } = await ours<Event[]>(`/events?${query}&limit=1`);
    expect(expected.length).toBeGreaterThan(7);
    expect(walked.items.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(new Set(walked.items.map((e) => e.id)).size).toBe(Number(total));
    expect(walked.pages).toBe(Math.ceil(expected.length / 7));
  });

  it('listMarkets: every open market once, in our /markets order (the SDK keeps the two-outcome ones)', async () => {
    const walked = await collect(
      sdk.listMarkets({ closed: false, order: 'volumeNum', ascending: false, pageSize: 25 }),
    );
    const expected = await walkOffsets<MarketWithEvent>(
      '/markets?closed=false&order=volumeNum&ascending=false',
      500,
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(walked.items.map((m) => m.id)).toEqual(expected.filter(isBinary).map((m) => m.id));
    expect(new Set(walked.items.map((m) => m.id)).size).toBe(walked.items.length);
  });

  it('fetchEvent by id and by slug agrees with /events/{id}, markets included', async () => {
    const {
      body: [ours1],
    } = await ours<Event[]>('/events?order=volume&ascending=false&limit=1');
    const byId = await sdk.fetchEvent({ id: ours1!.id });
    const bySlug = await sdk.fetchEvent({ slug: ours1!.slug });
    for (const event of [byId, bySlug]) {
      expect(event.id).toBe(ours1!.id);
      expect(event.title).toBe(ours1!.title);
      expect(event.state.closed).toBe(ours1!.closed);
      expect(event.markets.map((m) => m.id)).toEqual(ours1!.markets.filter(isBinary).map((m) => m.id));
      expect(event.tags.map((tag) => tag.id)).toEqual(ours1!.tags.map((tag) => tag.id));
    }
  });

  it('fetchEvent reads an imported real event (Fed September, neg-risk) with its prices as given', async () => {
    const event = await sdk.fetchEvent({ slug: 'fed-decision-in-september-762' });
    expect(event.markets).toHaveLength(5);
    const market = event.markets[0]!;
    expect(market.state.negRisk).toBe(true);
    expect(market.groupItemTitle).toBeTruthy();
    expect(market.outcomes.yes.tokenId).toBeTruthy();
  });

  it('fetchMarket by id and by slug agrees with /markets/{id}', async () => {
    const {
      body: [market],
    } = await ours<MarketWithEvent[]>('/markets?order=volume&ascending=false&limit=1');
    const byId = await sdk.fetchMarket({ id: market!.id });
    const bySlug = await sdk.fetchMarket({ slug: market!.slug });
    const [yes, no] = JSON.parse(market!.outcomePrices) as string[];
    for (const m of [byId, bySlug]) {
      expect(m.id).toBe(market!.id);
      expect(m.question).toBe(market!.question);
      expect(m.conditionId).toBe(market!.conditionId);
      expect(m.outcomes.yes.price).toBe(yes);
      expect(m.outcomes.no.price).toBe(no);
      expect(m.outcomes.yes.tokenId).toBe(market!.clobTokenIds[0]);
      expect(m.metrics.volumeNum).toBe(String(market!.volumeNum));
      expect(m.events).toEqual([
        { id: market!.events[0]!.id, slug: market!.events[0]!.slug, title: market!.events[0]!.title },
      ]);
    }
  });

  it('fetchTag by id and slug, fetchSeries and fetchEventTags agree with our API', async () => {
    const { body: tags } = await ours<TagWithCount[]>('/tags');
    const tag = tags.find((x) => x.eventCount > 0)!;
    expect((await sdk.fetchTag({ id: tag.id })).slug).toBe(tag.slug);
    expect((await sdk.fetchTag({ slug: tag.slug })).id).toBe(tag.id);
    const { body: series } = await ours<Series[]>('/series');
    expect((await sdk.fetchSeries({ id: series[0]!.id })).slug).toBe(series[0]!.slug);
    const {
      body: [event],
    } = await ours<Event[]>(`/events?tag_id=${tag.id}&limit=1`);
    expect((await sdk.fetchEventTags({ id: event!.id })).map((x) => x.id)).toEqual(
      event!.tags.map((x) => x.id),
    );
  });

  it('listTags and listSeries walk every tag and series once', async () => {
    const { body: tags } = await ours<TagWithCount[]>('/tags');
    const { body: series } = await ours<Series[]>('/series');
    expect((await collect(sdk.listTags({ pageSize: 4 }))).items.map((x) => x.id)).toEqual(
      tags.map((x) => x.id),
    );
    expect((await collect(sdk.listSeries({ pageSize: 3 }))).items.map((x) => x.id)).toEqual(
      series.map((x) => x.id),
    );
  });

  it('search finds events by title, page after page, as our /events?q= does', async () => {
    const {
      body: [event],
    } = await ours<Event[]>('/events?order=volume&ascending=false&limit=1');
    const word = event!.title.split(' ').find((w) => w.length > 4)!;
    const { total } = await ours<Event[]>(`/events?q=${encodeURIComponent(word)}&limit=1`);
    const first = await sdk.search({ q: word, pageSize: 3 }).firstPage();
    expect(first.totalCount).toBe(Number(total));
    const ids: string[] = [];
    for await (const page of sdk.search({ q: word, pageSize: 3 }))
      ids.push(...page.items.events.map((e) => e.id));
    expect(ids).toHaveLength(Number(total));
    expect(new Set(ids).size).toBe(Number(total));
    const { body: matching } = await ours<Event[]>(`/events?q=${encodeURIComponent(word)}&limit=100`);
    expect(new Set(ids)).toEqual(new Set(matching.map((e) => e.id)));
  });
});

describe('the SDK (@polymarket/client) authenticates a wallet', () => {
  const key = generatePrivateKey();

  it('createSecureClient creates a key over L1 (POST /auth/api-key); fetchApiKeys lists it over L2', async () => {
    const signer = privateKey(key);
    const wallet = await signer.getAddress();
    // `wallet` = the signer: an EOA account, which needs no on-chain wallet lookup.
    const client = await createSecureClient({ environment: environment(), signer, wallet });
    expect(client.credentials.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.account.wallet.toLowerCase()).toBe(wallet.toLowerCase());
    expect(await fetchApiKeys(client)).toEqual([client.credentials.key]);
    expect(await activeKeys(privateKeyToAccount(key))).toEqual([client.credentials.key]);

    // Given its saved credentials, the SDK checks them with the list and keeps them: no new key.
    const again = await createSecureClient({
      environment: environment(),
      signer,
      wallet,
      credentials: client.credentials,
    });
    expect(again.credentials).toEqual(client.credentials);
    expect(await activeKeys(privateKeyToAccount(key))).toEqual([client.credentials.key]);
  });
});

describe('the legacy trading client (@polymarket/clob-client) as published', () => {
  const account = privateKeyToAccount(generatePrivateKey());
  const signer = { account, signTypedData: account.signTypedData };
  // The client's positional options: no signature type, funder or geo token; use the server's time; throw on errors.
  const client = (creds?: { key: string; secret: string; passphrase: string }) =>
    new ClobClient(
      `${base}/clob`,
      CHAIN_ID as never,
      signer as never,
      creds,
      undefined,
      undefined,
      undefined,
      true,
      undefined,
      undefined,
      false,
      undefined,
      true,
    );

  it('creates keys over L1 (createOrDeriveApiKey, createApiKey), lists them and revokes one over L2', async () => {
    // Every L1 authorisation is single use (docs/api.md §2) and the client's nonce defaults to 0: two
    // creations within one second need two nonces.
    const first = await client().createOrDeriveApiKey();
    const second = await client().createApiKey(1);
    for (const creds of [first, second]) expect(creds.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).not.toBe(first.key);
    // createOrDeriveApiKey ended with a key it created (derivation is refused here): it works for L2.
    expect(await activeKeys(account)).toEqual([first.key, second.key]);
    expect(await client(first).getApiKeys()).toEqual({ apiKeys: [first.key, second.key] });

    expect(await client(second).deleteApiKey()).toBe('OK');
    await expect(client(second).getApiKeys()).rejects.toThrow(/revoked/);
    expect(await client(first).getApiKeys()).toEqual({ apiKeys: [first.key] });
  });

  it('deriveApiKey is refused with the sentence saying to create a key instead', async () => {
    await expect(client().deriveApiKey(7)).rejects.toThrow(/cannot be derived/);
  });
});
