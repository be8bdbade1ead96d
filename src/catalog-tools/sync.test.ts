import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';
import { type Database, rows } from '../server/db/open';
import { buildTestApp, type TestApp } from '../server/test/app';
import { openTestDatabase } from '../server/test/database';
import { FIXTURE_FILES, fixtureText } from './fixtures';
import { importEvents } from './import';
import { parseImportText } from './normalize';
import { replaceWithGenerated } from './seed';
import { retryAfterMs, type SyncOptions, syncCatalog } from './sync';

/**
 * One Marketdesk with a demo catalog and real exports (the source, over HTTP), an empty one synced
 * from it (the mirror), then both compared through their own API: counts and answers byte for byte.
 */

let source: TestApp;
let gamma: string;
let clob: string;

beforeAll(async () => {
  source = await buildTestApp();
  // The demo catalog with its price histories.
  await replaceWithGenerated(source.database.db, {
    events: 130,
    seed: 'sync',
    now: new Date('2026-11-01T00:00:00Z'),
  });
  const real = Object.keys(FIXTURE_FILES).flatMap((name) =>
    parseImportText(fixtureText(name as keyof typeof FIXTURE_FILES)),
  );
  expect((await importEvents(source.database.db, real)).errors).toEqual([]);
  // A tag and a series no event carries: a mirror has them too.
  await source.database.db.execute(
    sql`INSERT INTO tags (id, label, slug) VALUES (987654, 'Lonely', 'lonely')`,
  );
  await source.database.db.execute(
    sql`INSERT INTO series (id, slug, title) VALUES (987654, 'lonely', 'Lonely')`,
  );
  await source.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
  gamma = `${origin}/gamma`;
  clob = `${origin}/clob`;
});
afterAll(() => source.close());

const noWait = async () => {};

/** Markets' 24-hour change comes from price history: without histories a mirror has none. */
const withoutHistory = (body: string) => body.replace(/,"oneDayPriceChange":-?[0-9.e-]+/g, '');

/**
 * Both services' answers to the same requests, as text: every event page, tags, series, markets and,
 * when histories were synced, every token's price history (else the answers less the 24-hour change).
 */
async function expectMirror(mirror: Database, { histories }: { histories: boolean }): Promise<void> {
  const app = await buildApp({ config: source.config, database: mirror });
  try {
    const same = histories ? (body: string) => body : withoutHistory;
    const answer = async (url: string) => same((await app.inject({ method: 'GET', url })).body);
    const original = async (url: string) => same((await source.app.inject({ method: 'GET', url })).body);
    const total = Number(
      (await source.app.inject({ method: 'GET', url: '/gamma/events?limit=0' })).headers['x-total-count'],
    );
    expect(total).toBeGreaterThan(130);
    for (let offset = 0; offset < total; offset += 100) {
      const url = `/gamma/events?order=id&limit=100&offset=${offset}`;
      expect(await answer(url), url).toBe(await original(url));
    }
    for (const url of [
      '/gamma/tags',
      '/gamma/series',
      '/gamma/events?order=volume&ascending=false&limit=7',
      '/gamma/markets?limit=500',
      '/gamma/events/slug/fed-decision-in-september-762',
    ]) {
      expect(await answer(url), url).toBe(await original(url));
    }
    if (!histories) return;
    const [withHistory] = await rows<{ n: number }>(
      source.database.db,
      sql`SELECT count(*)::int AS n FROM price_history`,
    );
    expect(withHistory!.n).toBeGreaterThan(100);
    const stored = sql`SELECT count(DISTINCT token_id)::int AS n FROM price_history`;
    const [mirrored] = await rows<{ n: number }>(mirror.db, stored);
    const [original_] = await rows<{ n: number }>(source.database.db, stored);
    expect(mirrored!.n).toBe(original_!.n);
    // A sample of the tokens (every outcome of the sampled markets), two ranges each.
    const tokens = await rows<{ token: string }>(
      source.database.db,
      sql`SELECT token_id AS token FROM outcome_tokens WHERE market_id IN
            (SELECT id FROM markets ORDER BY id LIMIT 60) ORDER BY token_id`,
    );
    for (const { token } of tokens) {
      for (const range of ['interval=max', 'interval=1w&fidelity=180']) {
        const url = `/clob/prices-history?market=${token}&${range}`;
        expect(await answer(url), url).toBe(await original(url));
      }
    }
  } finally {
    await app.close();
  }
}

async function withMirror(run: (mirror: Database) => Promise<void>): Promise<void> {
  const mirror = await openTestDatabase();
  try {
    await run(mirror);
  } finally {
    await mirror.close();
  }
}

describe('catalog sync', () => {
  it('an empty service synced from another answers every catalog request byte for byte as the source does', async () => {
    await withMirror(async (mirror) => {
      const pages: number[] = [];
      const summary = await syncCatalog(mirror.db, {
        gamma,
        pageSize: 40,
        onProgress: (p) => pages.push(p.events),
      });
      expect(summary).toMatchObject({ mode: 'keyset', complete: true, resumedFrom: 0, retries: 0 });
      expect(summary.events).toBe(summary.total);
      expect(pages.at(-1)).toBe(summary.total);
      await expectMirror(mirror, { histories: false });
      // Idempotent: a second sync changes nothing.
      const again = await syncCatalog(mirror.db, { gamma, pageSize: 40 });
      expect(again.events).toBe(summary.events);
      await expectMirror(mirror, { histories: false });
      const [progress] = await rows<{ n: number }>(
        mirror.db,
        sql`SELECT count(*)::int AS n FROM sync_progress`,
      );
      expect(progress!.n).toBe(0);
    });
  });

  it('with clob, price histories too: the same tokens stored, sampled tokens answer /prices-history as at the source; resumable', async () => {
    await withMirror(async (mirror) => {
      const stop = new AbortController();
      const first = await syncCatalog(mirror.db, {
        gamma,
        clob,
        pageSize: 50,
        signal: stop.signal,
        onProgress: (p) => (p.histories ?? 0) >= 50 && stop.abort(),
      });
      expect(first.complete).toBe(false);
      expect(first.histories).toBeGreaterThanOrEqual(50);
      const second = await syncCatalog(mirror.db, { gamma, clob, pageSize: 50 });
      expect(second.complete).toBe(true);
      expect(second.points).toBeGreaterThan(0);
      await expectMirror(mirror, { histories: true });
    });
  });

  it('resumes after an interruption from its last loaded page', async () => {
    await withMirror(async (mirror) => {
      const stop = new AbortController();
      const first = await syncCatalog(mirror.db, {
        gamma,
        pageSize: 25,
        signal: stop.signal,
        onProgress: (p) => p.pages === 2 && stop.abort(),
      });
      expect(first).toMatchObject({ complete: false, events: 50 });
      const [partial] = await rows<{ n: number }>(mirror.db, sql`SELECT count(*)::int AS n FROM events`);
      expect(partial!.n).toBe(50);
      const second = await syncCatalog(mirror.db, { gamma, pageSize: 25 });
      expect(second).toMatchObject({ complete: true, resumedFrom: 50 });
      expect(second.pages).toBe(Math.ceil((second.total! - 50) / 25));
      await expectMirror(mirror, { histories: false });
    });
  });

  it('waits out 429 answers for their Retry-After and retries failures', async () => {
    await withMirror(async (mirror) => {
      const waits: number[] = [];
      let calls = 0;
      const flaky: SyncOptions['fetch'] = async (input, init) => {
        calls++;
        if (calls % 4 === 0) return new Response('{}', { status: 429, headers: { 'Retry-After': '7' } });
        if (calls % 9 === 0) return new Response('{}', { status: 503 });
        if (calls % 11 === 0) throw new TypeError('fetch failed');
        return fetch(input, init);
      };
      const summary = await syncCatalog(mirror.db, {
        gamma,
        pageSize: 30,
        fetch: flaky,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      expect(summary.complete).toBe(true);
      expect(summary.retries).toBe(waits.length);
      expect(waits.filter((ms) => ms === 7000).length).toBeGreaterThan(2);
      await expectMirror(mirror, { histories: false });
    });
  });

  it('uses offset pages where the source has no keyset pages', async () => {
    await withMirror(async (mirror) => {
      const noKeyset: SyncOptions['fetch'] = async (input, init) =>
        String(input).includes('/events/keyset')
          ? new Response('{"error":"Not found.","code":"NOT_FOUND"}', { status: 404 })
          : fetch(input, init);
      const summary = await syncCatalog(mirror.db, { gamma, pageSize: 30, fetch: noKeyset, sleep: noWait });
      expect(summary).toMatchObject({ mode: 'offset', complete: true });
      await expectMirror(mirror, { histories: false });
    });
  });

  it('stops with a clear error when the source is not a catalog, and loads nothing of a bad page', async () => {
    await withMirror(async (mirror) => {
      const bad: SyncOptions['fetch'] = async (input, init) =>
        String(input).includes('/events/keyset?order=id&limit=30') && !String(input).includes('after_cursor')
          ? new Response(JSON.stringify({ events: [{ id: 'x', title: 1 }], next_cursor: 'c' }), {
              status: 200,
            })
          : fetch(input, init);
      await expect(
        syncCatalog(mirror.db, { gamma, pageSize: 30, fetch: bad, sleep: noWait }),
      ).rejects.toThrow(/cannot be loaded/);
      const [loaded] = await rows<{ n: number }>(mirror.db, sql`SELECT count(*)::int AS n FROM events`);
      expect(loaded!.n).toBe(0);
      await expect(
        syncCatalog(mirror.db, { gamma: 'http://127.0.0.1:9/gamma', sleep: noWait }),
      ).rejects.toThrow(/127\.0\.0\.1:9/);
    });
  });

  it('reads Retry-After as seconds or an HTTP date, capped at a minute', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(retryAfterMs('86400')).toBe(60_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
