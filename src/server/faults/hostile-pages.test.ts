import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '../../contract/pages';
import { buildApp } from '../app';
import { upsertEvents } from '../catalog/load';
import { buildTestCatalog } from '../catalog/test-catalog';
import { loadConfig } from '../config';
import type { Database } from '../db/open';
import { openTestDatabase } from '../test/database';
import { tempDist } from '../test/web';

/** Cases per property (FUZZ_RUNS lowers it for a quick local run). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);

const INDEX = `<!doctype html><html lang="en"><head><!--page-meta--><title>Marketdesk</title><!--/page-meta--></head>
<body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

/** Percent-encoded UTF-8 a decoder must refuse: lone surrogates, overlong forms, truncated sequences. */
const BROKEN_UTF8 = [
  '%ED%A0%80',
  '%ED%BF%BF',
  '%C0%AF',
  '%C0%80',
  '%E0%80%AF',
  '%F0%80%80%AF',
  '%E2%82',
  '%FF',
  '%',
];

/** A path parameter as it arrives, percent-encoded. */
const hostileParam = fc.oneof(
  // Text with NUL and other control characters (PostgreSQL text cannot hold U+0000).
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\u0001', '\u007f', '\u0000\u0000'))
    .map(([text, control]) => encodeURIComponent(`${text}${control}${text}`)),
  fc.string({ unit: 'binary', maxLength: 40 }).map(encodeWellFormed),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
  // Lone surrogates and overlong or cut UTF-8, alone or inside ordinary text.
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BROKEN_UTF8), fc.string({ maxLength: 8 }))
    .map(([a, broken, b]) => `${encodeURIComponent(a)}${broken}${encodeURIComponent(b)}`),
  // 600-character values: digits (a tag or series id far beyond int8), letters, NULs.
  fc.constantFrom('1', 'a', '%00', '9', 'é').map((unit) => unit.repeat(600)),
  fc.string({ minLength: 600, maxLength: 600 }).map(encodeWellFormed),
  fc.constantFrom('%00', '0', '007', '-1', '1e3', '%2F', '%2e%2e', '..', '%20', '%E2%80%AE'),
);

/** encodeURIComponent throws on a lone surrogate: send such code units as the broken bytes they would be. */
function encodeWellFormed(text: string): string {
  return [...text]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

const paramPages = Object.values(PAGES)
  .map((page) => page.path)
  .filter((path) => path.includes('$'));
const staticPages = Object.values(PAGES)
  .map((page) => page.path)
  .filter((path) => !path.includes('$'));

describe('hostile page paths', () => {
  let app: FastifyInstance;
  let database: Database;
  let dist: ReturnType<typeof tempDist>;
  const slug = 'a-known-event';

  beforeAll(async () => {
    dist = tempDist('hostile-pages', { 'index.html': INDEX });
    database = await openTestDatabase();
    const [event] = buildTestCatalog(1);
    await upsertEvents(database.db, [{ ...event!, slug }]);
    // The whole app (its router options and framework-error handling decide what a bad URL gets).
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, distDir: dist.dir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    dist?.remove();
  });

  /** The dashboard's HTML with 200 or 404 (its not-found page), or a redirect to the path without a slash. */
  function expectPageAnswer(
    url: string,
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
  ) {
    expect(res.statusCode, `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
    if (res.statusCode === 301) return;
    expect([200, 404], url).toContain(res.statusCode);
    expect(res.body, url).toContain('<div id="root">');
    if (res.statusCode === 404) expect(res.body, url).toContain('<title>Not found · Marketdesk</title>');
    // The security headers of every page, also where the router gave up before any route ran.
    expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
  }

  it('the values that used to fail: NUL, a lone surrogate, overlong UTF-8, 600 characters', async () => {
    for (const path of paramPages) {
      for (const value of ['%00', 'a%00b', '%ED%A0%80', '%C0%AF', '1'.repeat(600), 'x'.repeat(600)]) {
        const url = path.replace(/\$[A-Za-z]+/, value);
        const res = await app.inject({ method: 'GET', url });
        expectPageAnswer(url, res);
        expect(res.statusCode, url).toBe(404);
      }
    }
  });

  it('every page with a hostile parameter or query: the page or the not-found page, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paramPages, ...staticPages),
        hostileParam,
        fc.option(fc.tuple(fc.constantFrom('q', 'sort', 'page', 'size', 'x'), hostileParam)),
        async (path, param, query) => {
          const url = `${path.replace(/\$[A-Za-z]+/, param)}${query ? `?${query[0]}=${query[1]}` : ''}`;
          expectPageAnswer(url, await app.inject({ method: 'GET', url }));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('under the API mounts an unreadable URL stays the JSON 400', async () => {
    for (const url of ['/gamma/events/slug/%ED%A0%80', '/clob/api-keys/%C0%AF']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('INVALID_PARAMETER');
    }
  });

  it('a valid value still finds its page', async () => {
    const res = await app.inject({ method: 'GET', url: `/e/${slug}` });
    expect(res.statusCode).toBe(200);
  });
});
