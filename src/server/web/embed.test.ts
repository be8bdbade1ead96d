import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureText } from '../../catalog-tools/fixtures';
import { importEvents } from '../../catalog-tools/import';
import { embedCode } from '../../contract/embed';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/open';
import { writeSeries } from '../history/store';
import { openTestDatabase } from '../test/database';
import { browserGet, tempDist } from '../test/web';
import { EMBED_CSS } from './embed-card';
import { wrapTitle, xmlText } from './og-image';

const fed = JSON.parse(fixtureText('fedNegRisk'));
const FED = 'fed-decision-in-september-762';

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
    <!--page-meta-->
    <title>Marketdesk</title>
    <!--/page-meta-->
    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

const HOSTILE_TITLE = `</title><script>alert(1)</script> "quoted" & 'single' <b>bold</b> مرحبا بالعالم 🚀🎉 ${'long '.repeat(2_000)}`;

/** A copy of the Fed event under another id, slug and condition ids. */
function variant(id: number, slug: string, extra: Record<string, unknown>, markets = fed.markets) {
  return {
    ...fed,
    id,
    slug,
    ...extra,
    markets: markets.map((m: { id: string }, i: number) => ({
      ...m,
      id: `${id}${i}`,
      conditionId: `0x${id.toString(16).padStart(8, '0')}${'cd'.repeat(27)}${String(i).padStart(2, '0')}`,
    })),
  };
}

let app: FastifyInstance;
let database: Database;
let dist: ReturnType<typeof tempDist>;

beforeAll(async () => {
  dist = tempDist('embed', { 'index.html': INDEX });
  database = await openTestDatabase();
  const report = await importEvents(database.db, [
    fed,
    variant(990001, 'hostile', { title: HOSTILE_TITLE, description: '<img src=x onerror=alert(2)>' }),
    variant(990002, 'single', { title: 'Will the Fed hold?' }, [fed.markets[2]]),
    variant(990003, 'all-closed', { title: 'Closed', closed: true }, [
      { ...fed.markets[2], closed: true },
      { ...fed.markets[3], closed: true },
    ]),
  ]);
  expect(report.errors).toEqual([]);
  // A week of history for the Fed's leading market ("No change"), one point an hour.
  const token = JSON.parse(fed.markets[2].clobTokenIds)[0];
  const now = Math.floor(Date.now() / 1000);
  const prices = Uint16Array.from({ length: 7 * 24 }, (_, i) => 5_000 + Math.round(2_000 * Math.sin(i / 10)));
  await writeSeries(database.db, [{ tokenId: token, prices, startTs: now - 7 * 86_400, stepS: 3_600 }]);
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', PORT: '18402' }),
    database,
    distDir: dist.dir,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  dist?.remove();
});

const get = (url: string, headers?: Record<string, string>) => browserGet(app, url, headers);

describe('the embed card', () => {
  it('is server-rendered HTML: title linking to the event in a new tab, top outcomes, chart, volume, brand', async () => {
    const res = await get(`/embed/e/${FED}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(
      `<h1 class="head"><a class="title" href="http://desk.example/e/${FED}" target="_blank" rel="noopener" dir="auto">Fed Decision in September?</a></h1>`,
    );
    // The three most likely markets, most likely first, with their 24-hour changes.
    const labels = [...res.body.matchAll(/<span class="label" dir="auto">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(labels).toEqual(['No change', '25 bps increase', '25 bps decrease']);
    expect(res.body).toMatch(/No change<\/span><span class="chance"[^>]*>\d+%<\/span>/);
    expect(res.body).toMatch(/<span class="chance"[^>]*>31%<\/span>/);
    expect(res.body).toContain('class="change down"');
    // A reader hears the change in words with its window, not the arrow (which sighted readers see with "24h").
    expect(res.body).toMatch(/class="change down" role="img" aria-label="down [\d.]+ points in 24 hours"/);
    expect(res.body).toMatch(/<svg class="chart"[^>]*><path d="M0\.0 [\d.]+(L[\d.]+ [\d.]+)+"\/><\/svg>/);
    // The chart's scale: the chances at the top and bottom of its box, also in its accessible name.
    const [, bottom, top] =
      /aria-label="Chance of No change over the last week, between (\d+%) and (\d+%)"/.exec(res.body)!;
    expect(res.body).toContain(`<span class="scale top" aria-hidden="true">${top}</span>`);
    expect(res.body).toContain(`<span class="scale bottom" aria-hidden="true">${bottom}</span>`);
    expect(Number.parseInt(top!, 10)).toBeGreaterThan(Number.parseInt(bottom!, 10));
    expect(res.body).toContain('$47.2M Vol.');
    expect(res.body).toContain('>Marketdesk</a>');
  });

  it('a single market shows its Yes chance', async () => {
    const res = await get('/embed/e/single');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /<li class="outcome single"><span class="chance"[^>]*>\d+%<\/span><span class="label" dir="auto">Yes chance<\/span>/,
    );
  });

  it('may be framed by any site; its inline style is allowed by hash, and its live script alone', async () => {
    const res = await get(`/embed/e/${FED}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    const hash = createHash('sha256').update(EMBED_CSS).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe');
    expect(res.body).toContain(`<style>${EMBED_CSS}</style>`);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('every other route still refuses to be framed: pages, the Keys page, the APIs, the oEmbed answer', async () => {
    for (const url of [
      '/',
      `/e/${FED}`,
      '/keys',
      '/e/no-such-event',
      '/gamma/events',
      `/gamma/events/slug/${FED}`,
      '/clob/time',
      `/oembed?url=http://desk.example/e/${FED}`,
      '/embed',
      '/embed/x/y',
    ]) {
      const res = await get(url);
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('is cached: ETag, 304, compressed, Cache-Control', async () => {
    const first = await get(`/embed/e/${FED}`, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers.vary).toBe('Accept-Encoding');
    const etag = String(first.headers.etag);
    const again = await get(`/embed/e/${FED}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('?theme=light|dark sets the theme; anything else follows the viewer; ?chart=0 hides the chart', async () => {
    expect((await get(`/embed/e/${FED}?theme=dark`)).body).toContain('<html lang="en" data-theme="dark">');
    expect((await get(`/embed/e/${FED}?theme=light`)).body).toContain('<html lang="en" data-theme="light">');
    for (const query of ['?theme=evil"><script>', '?theme=dark&theme=light', '?theme=', '']) {
      const res = await get(`/embed/e/${FED}${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).toContain('<html lang="en"><head>');
    }
    expect((await get(`/embed/e/${FED}?chart=0`)).body).not.toContain('<svg');
    expect((await get(`/embed/e/${FED}?chart=1`)).body).toContain('<svg class="chart"');
  });

  it('an unknown slug is a 404 card, still frameable', async () => {
    for (const slug of ['no-such-event', '%00', encodeURIComponent('<script>')]) {
      const res = await get(`/embed/e/${slug}?theme=dark`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('This event does not exist');
      expect(res.body).toContain('data-theme="dark"');
      expect(res.body).not.toContain('<script');
      expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *');
    }
  });

  it('hostile titles stay text: markup, quotes, RTL, emoji, 10 kB', async () => {
    const res = await get('/embed/e/hostile');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>bold');
    expect(res.body).toContain(
      '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39; &lt;b&gt;bold&lt;/b&gt; مرحبا بالعالم 🚀🎉',
    );
    // Cut short: the 10 kB title does not make a 10 kB card.
    expect(res.body.length).toBeLessThan(7_000);
  });
});

describe('the live card', () => {
  const tokenOf = (title: string) =>
    JSON.parse(
      fed.markets.find((m: { groupItemTitle: string }) => m.groupItemTitle === title).clobTokenIds,
    )[0];

  it("carries each shown tradable market's Yes token, the channel's path and its one deferred script", async () => {
    const res = await get(`/embed/e/${FED}`);
    expect(res.body).toContain('<main class="card" data-live="/clob/ws/market">');
    const tokens = [...res.body.matchAll(/<span class="chance" data-token="(\d+)"/g)].map((m) => m[1]);
    expect(tokens).toEqual(['No change', '25 bps increase', '25 bps decrease'].map(tokenOf));
    // The price 24 hours ago (served chance − served change), for the script's change.
    for (const [, dayAgo] of res.body.matchAll(/data-day-ago="([^"]*)"/g))
      expect(Number(dayAgo)).toBeGreaterThanOrEqual(0);
    const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^<script src="\/embed\/live\.js\?v=[\w-]{8}" defer>$/);
    expect(res.body).toMatch(/<\/style><script [^>]*><\/script><\/head>/);
    // Nothing is announced on every tick.
    expect(res.body).not.toContain('aria-live');
    const single = await get('/embed/e/single');
    expect(single.body).toContain(`<span class="chance" data-token="${tokenOf('No change')}"`);
  });

  it('its policy allows that script (from itself, none inline) and sockets to its own origin only', async () => {
    const csp = String((await get(`/embed/e/${FED}`)).headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toEqual({
      'default-src': "'none'",
      'script-src': "'self'",
      'connect-src': "'self' ws://desk.example wss://desk.example",
      'style-src': `'sha256-${createHash('sha256').update(EMBED_CSS).digest('base64')}'`,
      'img-src': "'self'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': '*',
    });
    // A Host that is not one gives no socket source.
    const odd = await get(`/embed/e/${FED}`, { host: 'desk.example wss://evil.example' });
    expect(String(odd.headers['content-security-policy'])).toContain("connect-src 'self';");
  });

  it('a card with no tradable market shown has no script and no tokens', async () => {
    const res = await get('/embed/e/all-closed');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('data-token');
    expect(res.body).not.toContain('data-live');
  });

  it('serves the script: small, cacheable by version, JavaScript that parses', async () => {
    const card = (await get(`/embed/e/${FED}`)).body;
    const src = /<script src="([^"]+)"/.exec(card)?.[1] ?? '';
    const res = await get(src, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(2_048);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const plain = await get('/embed/live.js');
    expect(plain.headers['cache-control']).toBe('public, max-age=60');
    expect(plain.body).not.toContain('sourceMappingURL');
    expect(() => new Function(plain.body)).not.toThrow();
    expect((await get(src, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });
});

describe('oEmbed', () => {
  const oembed = (query: string) => get(`/oembed?${query}`);

  it('answers a rich embed of an event page: iframe code, size, provider, thumbnail', async () => {
    const res = await oembed(`url=${encodeURIComponent(`http://desk.example/e/${FED}`)}&format=json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({
      version: '1.0',
      type: 'rich',
      title: 'Fed Decision in September?',
      provider_name: 'Marketdesk',
      provider_url: 'http://desk.example/',
      html: embedCode('http://desk.example', FED, 'Fed Decision in September?'),
      width: 400,
      height: 300,
      thumbnail_url: `http://desk.example/og/e/${FED}.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
      cache_age: 300,
    });
    expect(res.json().html).toBe(
      `<iframe src="http://desk.example/embed/e/${FED}" width="400" height="300" title="Fed Decision in September? · Marketdesk" loading="lazy" style="border:0;border-radius:12px;max-width:100%"></iframe>`,
    );
  });

  it('honours maxwidth and maxheight; a query string or a fragment on the page URL is fine', async () => {
    const url = encodeURIComponent(`http://desk.example/e/${FED}?range=1m#x`);
    const body = (await oembed(`url=${url}&maxwidth=320&maxheight=1000`)).json();
    expect([body.width, body.height]).toEqual([320, 300]);
    expect(body.html).toContain('width="320" height="300"');
  });

  it('format=xml is 501; an unknown or foreign URL is 404; bad parameters are 400 with the usual body', async () => {
    const page = encodeURIComponent(`http://desk.example/e/${FED}`);
    const xml = await oembed(`url=${page}&format=xml`);
    expect(xml.statusCode).toBe(501);
    expect(xml.json()).toMatchObject({ code: 'NOT_IMPLEMENTED' });
    for (const url of [
      'http://desk.example/e/no-such-event',
      `http://elsewhere.example/e/${FED}`,
      'http://desk.example/tags/1',
      'http://desk.example/',
      `http://desk.example/embed/e/${FED}`,
    ]) {
      const res = await oembed(`url=${encodeURIComponent(url)}`);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const query of [
      '',
      'url=',
      'url=not-a-url',
      `url=${encodeURIComponent(`javascript:alert(1)//desk.example/e/${FED}`)}`,
      `url=${page}&url=${page}`,
      `url=${page}&maxwidth=0`,
      `url=${page}&maxheight=abc`,
      `url=${page}&maxwidth=-5`,
    ]) {
      const res = await oembed(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'INVALID_PARAMETER', error: expect.any(String) });
    }
  });

  it('hostile titles: the html is escaped, the title is text', async () => {
    const res = await oembed(`url=${encodeURIComponent('http://desk.example/e/hostile')}`);
    const body = res.json();
    expect(body.title.startsWith('</title><script>alert(1)</script> "quoted"')).toBe(true);
    expect(Array.from(body.title).length).toBeLessThanOrEqual(300);
    expect(body.html).toMatch(/^<iframe [^<>]*><\/iframe>$/);
    expect(body.html).toContain(
      'title="&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39;',
    );
    expect(body.html.length).toBeLessThan(1_000);
  });

  it('event pages link to it for discovery, and their preview image is the card image', async () => {
    const res = await get(`/e/${FED}`);
    expect(res.body).toContain(
      `<link rel="alternate" type="application/json+oembed" href="http://desk.example/oembed?url=http%3A%2F%2Fdesk.example%2Fe%2F${FED}&amp;format=json" title="Fed Decision in September? · Marketdesk" />`,
    );
    expect(res.body).toContain(`<meta property="og:image" content="http://desk.example/og/e/${FED}.png" />`);
    expect(res.body).toContain(`<meta name="twitter:image" content="http://desk.example/og/e/${FED}.png" />`);
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect((await get('/')).body).not.toContain('json+oembed');
  });
});

describe('the Open Graph image', () => {
  it('is a 1200 × 630 PNG, cached by content, shown by any site', async () => {
    const res = await get(`/og/e/${FED}.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const again = await get(`/og/e/${FED}.png`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('as SVG: the title wrapped, the leading chance, change, volume and brand', async () => {
    const res = await get(`/og/e/${FED}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('>Fed Decision in September?</text>');
    expect(res.body).toMatch(/>\d+%<\/text>/);
    expect(res.body).toContain('>No change</text>');
    expect(res.body).toContain('>$47.2M volume</text>');
    expect(res.body).toContain('>Marketdesk</text>');
  });

  it('hostile titles stay text, over three lines at most, and still render', async () => {
    const svg = (await get('/og/e/hostile.svg')).body;
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script');
    expect(svg).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
    expect(svg.match(/font-size="58"/g)).toHaveLength(3);
    expect(svg.length).toBeLessThan(5_000);
    const png = await get('/og/e/hostile.png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('an unknown slug or extension is a JSON 404', async () => {
    expect((await get('/og/e/no-such-event.png')).json()).toMatchObject({ code: 'EVENT_NOT_FOUND' });
    expect((await get(`/og/e/${FED}.gif`)).statusCode).toBe(404);
    expect((await get(`/og/e/${FED}`)).statusCode).toBe(404);
  });

  it('wraps a title by words within three lines, cutting the last with an ellipsis', () => {
    expect(wrapTitle('Short title')).toEqual(['Short title']);
    const lines = wrapTitle('word '.repeat(200));
    expect(lines).toHaveLength(3);
    expect(lines[2]?.endsWith('…')).toBe(true);
    const unbroken = wrapTitle('x'.repeat(500));
    expect(unbroken).toHaveLength(3);
    expect(xmlText('a\u0000b\uffff\ud800c')).toBe('a b\ufffd\ufffdc');
  });
});
