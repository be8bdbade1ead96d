import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureText } from '../../catalog-tools/fixtures';
import { importEvents } from '../../catalog-tools/import';
import { pageRecordReader } from '../catalog/page-records';
import { loadConfig } from '../config';
import type { Database } from '../db/open';
import { registerErrorHandling } from '../errors';
import { openTestDatabase } from '../test/database';
import { browserGet, tempDist } from '../test/web';
import { PAGES } from '../../contract/pages';
import { PAGE_CHUNKS } from './page-chunks';
import { webPlugin, withoutTrailingSlash } from './plugin';

const fed = JSON.parse(fixtureText('fedNegRisk'));

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
    <!--page-meta-->
    <title>Marketdesk</title>
    <!--/page-meta-->
    <script>document.documentElement.dataset.theme = 'x';</script>
    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

let app: FastifyInstance;
let database: Database;
let dist: ReturnType<typeof tempDist>;

beforeAll(async () => {
  const chunks = [
    'page-rows-R0ws.js',
    'page-list-L1st_-0.js',
    'page-event-Ev3nt.js',
    'page-index-1ndex.js',
    'other-page-list-x.js',
  ];
  dist = tempDist('web', {
    'index.html': INDEX,
    'assets/index-abc123.js': 'console.log(1)',
    ...Object.fromEntries(chunks.map((chunk) => [`assets/${chunk}`, 'export {}'])),
  });
  database = await openTestDatabase();
  const hostile = {
    ...fed,
    id: 990001,
    slug: 'xss-test',
    title: '</title><script>alert(1)</script> "quoted" & <b>',
    description: '<img src=x onerror=alert(2)>\nsecond line',
    image: 'javascript:alert(3)',
    markets: fed.markets.map((m: { id: string; conditionId: string }, i: number) => ({
      ...m,
      id: `99000${i}`,
      conditionId: `0x${'ab'.repeat(31)}${String(i).padStart(2, '0')}`,
    })),
  };
  const report = await importEvents(database.db, [fed, hostile]);
  expect(report.errors).toEqual([]);
  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '18401' });
  app = Fastify();
  registerErrorHandling(app);
  app.get('/gamma/events', async () => []);
  await app.register(webPlugin, { config, records: pageRecordReader(database.db), distDir: dist.dir });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  dist?.remove();
});

const get = (url: string, headers?: Record<string, string>) => browserGet(app, url, headers);

describe('web plugin', () => {
  it('answers an event page with its title, description, canonical and preview tags', async () => {
    const res = await get('/e/fed-decision-in-september-762');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Fed Decision in September? · Marketdesk</title>');
    expect(res.body).toContain(
      '<link rel="canonical" href="http://desk.example/e/fed-decision-in-september-762" />',
    );
    expect(res.body).toContain(
      '<meta property="og:title" content="Fed Decision in September? · Marketdesk" />',
    );
    expect(res.body).toContain(
      '<meta property="og:url" content="http://desk.example/e/fed-decision-in-september-762" />',
    );
    expect(res.body).toContain(
      '<meta property="og:image" content="http://desk.example/og/e/fed-decision-in-september-762.png" />',
    );
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(res.body).toMatch(/<meta name="description" content="[^"<>]{20,}" \/>/);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<script type="module" src="/assets/index-abc123.js">');
  });

  it("names each page's own code in a modulepreload, and no other kind's", async () => {
    const preloads = async (path: string) =>
      [...(await get(path)).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map(
        ([, href]) => href,
      );
    expect(await preloads('/')).toEqual(['/assets/page-rows-R0ws.js', '/assets/page-list-L1st_-0.js']);
    expect(await preloads(`/tags/${fed.tags[0].id}`)).toEqual([
      '/assets/page-rows-R0ws.js',
      '/assets/page-list-L1st_-0.js',
    ]);
    expect(await preloads('/e/fed-decision-in-september-762')).toEqual(['/assets/page-event-Ev3nt.js']);
    expect(await preloads('/series')).toEqual(['/assets/page-index-1ndex.js']);
    expect(await preloads('/keys')).toEqual([]);
    expect(await preloads('/e/no-such-event')).toEqual([]);
    // Every pattern the chunks name is a page's.
    const pages = new Set(Object.values(PAGES).map((page) => page.path));
    for (const { paths } of PAGE_CHUNKS) for (const path of paths) expect(pages).toContain(path);
  });

  it('preloads the data a page starts with, as the page table names it', async () => {
    const top = await get('/');
    expect(top.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/gamma/events?active=true&amp;closed=false&amp;order=volume&amp;ascending=false&amp;limit=20&amp;offset=0" />',
    );
    expect(top.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/gamma/tags" />',
    );

    // A list view with a query string: no guess at the data URL.
    const sorted = await get('/?sort=liquidity');
    expect(sorted.body).not.toContain('/gamma/events?');
    expect(sorted.body).toContain('href="/gamma/tags"');

    const series = await get(`/series/${fed.series[0].id}`);
    expect(series.body).toContain(`href="/gamma/series/${fed.series[0].id}"`);
    expect(series.body).toContain(`href="/gamma/events?series_id=${fed.series[0].id}&amp;active=true`);

    const event = await get('/e/fed-decision-in-september-762');
    expect(event.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/gamma/events/slug/fed-decision-in-september-762" />',
    );

    // Unknown pages preload nothing.
    expect((await get('/e/no-such-event')).body).not.toContain('rel="preload"');
  });

  it('escapes hostile catalog text and never uses the catalog image URL', async () => {
    const res = await get('/e/xss-test');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('javascript:');
    expect(res.body).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt; · Marketdesk</title>',
    );
    // The preview image is the event's card, drawn by the server, never the catalog's URL.
    expect(res.body).toContain(
      '<meta property="og:image" content="http://desk.example/og/e/xss-test.png" />',
    );
  });

  it('unknown slug, tag or series: 404 with the dashboard (its not-found page) and noindex', async () => {
    for (const url of [
      '/e/no-such-event',
      '/tags/424242',
      '/series/424242',
      '/tags/abc',
      '/nowhere',
      '/e/a/b',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('tag and series pages carry their names and preview tags; an id with leading zeros is the same page', async () => {
    const tag = fed.tags[0];
    const tagPage = await get(`/tags/${tag.id}`);
    expect(tagPage.statusCode).toBe(200);
    expect(tagPage.body).toContain(`<title>${tag.label} · Marketdesk</title>`);
    expect(tagPage.body).toContain(`<link rel="canonical" href="http://desk.example/tags/${tag.id}" />`);
    expect(tagPage.body).toContain(`<meta property="og:url" content="http://desk.example/tags/${tag.id}" />`);
    expect(tagPage.body).toContain(`<meta property="og:title" content="${tag.label} · Marketdesk" />`);
    expect(tagPage.body).toContain('<meta name="twitter:card"');
    const padded = await get(`/tags/00${tag.id}`);
    expect(padded.statusCode).toBe(200);
    expect(padded.body).toContain(`<link rel="canonical" href="http://desk.example/tags/${tag.id}" />`);
    const series = await get(`/series/${fed.series[0].id}`);
    expect(series.statusCode).toBe(200);
    expect(series.body).toContain('<title>FOMC · Marketdesk</title>');
  });

  it("sends security headers on pages: CSP allowing only the page's own inline script, no framing, nosniff, referrer policy", async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const theme = createHash('sha256')
      .update("document.documentElement.dataset.theme = 'x';")
      .digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${theme}';`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a page path with a trailing slash redirects to the one without, never off the site', async () => {
    for (const [from, to] of [
      ['/tags/', '/tags'],
      ['/e/fed-decision-in-september-762/?ref=chat', '/e/fed-decision-in-september-762?ref=chat'],
      ['//evil.example/', '/evil.example'],
      ['///evil.example//', '/evil.example'],
    ]) {
      const res = await get(from!);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    // Raw backslashes (inject's URL parser would turn them into slashes before the server saw them).
    expect(withoutTrailingSlash('/\\evil.example/', '')).toBe('/evil.example');
    expect(withoutTrailingSlash('/\\/\\evil.example//', 'a=1&b')).toBe('/evil.example?a=1&b');
  });

  it('hashed assets are immutable; a missing asset is a JSON 404, not the page', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('paths under the API mounts keep their JSON 404, and POST to a page path is not a 405', async () => {
    const api = await get('/gamma/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const clob = await get('/clob');
    expect(clob.statusCode).toBe(404);
    expect(clob.json()).toMatchObject({ code: 'NOT_FOUND' });
    const post = await app.inject({ method: 'POST', url: '/gamma/nope' });
    expect(post.statusCode).toBe(404);
  });

  it('a malformed Host header does not reach the canonical link', async () => {
    const res = await get('/e/fed-decision-in-september-762', { host: 'evil"><script>' });
    expect(res.body).not.toContain('evil');
    expect(res.body).toContain(
      '<link rel="canonical" href="http://127.0.0.1:18401/e/fed-decision-in-september-762" />',
    );
  });
});

describe('web plugin with PUBLIC_URL', () => {
  it('points canonical and preview links at the public origin, whatever Host the request carries', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://markets.example.org' });
    const behindProxy = Fastify();
    registerErrorHandling(behindProxy);
    behindProxy.get('/gamma/events', async () => []);
    await behindProxy.register(webPlugin, {
      config,
      records: pageRecordReader(database.db),
      distDir: dist.dir,
    });
    try {
      const res = await behindProxy.inject({
        method: 'GET',
        url: '/e/fed-decision-in-september-762',
        headers: { host: '10.0.0.7:8080' },
      });
      expect(res.body).toContain(
        '<link rel="canonical" href="https://markets.example.org/e/fed-decision-in-september-762" />',
      );
      expect(res.body).not.toContain('10.0.0.7');
    } finally {
      await behindProxy.close();
    }
  });

  it('refuses a PUBLIC_URL that is not a bare http(s) origin', () => {
    for (const bad of [
      'markets.example.org',
      'https://markets.example.org/',
      'https://x.org/desk',
      'ftp://x.org',
    ])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
  });
});
