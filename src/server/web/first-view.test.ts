import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { pageRecordReader } from '../catalog/page-records';
import type { Database } from '../db/open';
import { registerErrorHandling } from '../errors';
import { openTestDatabase } from '../test/database';
import { browserGet, tempDist } from '../test/web';
import { webPlugin } from './plugin';
import { RENDERER_FILE } from './renderer';

/**
 * How the web plugin uses a built renderer (the real one, dist/server, is tested end to end in
 * e2e/first-view.spec.ts): this stand-in renders what it read through the plugin's in-process
 * transport, so the test sees both directions.
 */
const INDEX = `<!doctype html><html lang="en"><head><!--page-meta--><title>Marketdesk</title><!--/page-meta-->
<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

const RENDERER = `
let transport;
export const renderer = {
  setTransport(next) { transport = next; },
  async render(url) {
    if (url.startsWith('/series/1')) throw new Error('renderer broke');
    if (url.startsWith('/tags/7')) return null;
    const events = await transport('/gamma/events?limit=1', {});
    const outside = await transport('/clob/time', {}).then(() => 'answered', () => 'refused');
    return {
      html: '<main>first view of ' + url.replace(/</g, '&lt;') + ': ' + events.status + ' ' + (await events.text()) + ' total ' + events.headers.get('x-total-count') + '; /clob ' + outside + '</main>',
      data: '<script type="application/json" id="first-view">{}</script>',
    };
  },
};`;

let app: FastifyInstance;
let database: Database;
let dist: ReturnType<typeof tempDist>;

beforeAll(async () => {
  dist = tempDist('first-view', {
    'index.html': INDEX,
    'assets/index-abc123.js': 'console.log(1)',
    [RENDERER_FILE]: RENDERER,
  });
  database = await openTestDatabase();
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/gamma/events', async (_request, reply) =>
    reply.header('x-total-count', '42').send([{ id: '1' }]),
  );
  app.get('/clob/time', async () => 1);
  await app.register(webPlugin, {
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    records: pageRecordReader(database.db),
    distDir: dist.dir,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  dist?.remove();
});

const get = (url: string, headers?: Record<string, string>) => browserGet(app, url, headers);

describe('pages with their first view rendered on the server', () => {
  it('puts the first view in the root element and its data block after it, and preloads nothing', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root"><main>first view of /: 200 [{"id":"1"}] total 42; /clob refused</main></div><script type="application/json" id="first-view">{}</script>',
    );
    expect(res.body).not.toContain('rel="preload"');
  });

  it('renders the not-found page too, with its 404', async () => {
    const res = await get('/e/no-such-event');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><main>first view of /e/no-such-event');
  });

  it('sends a page the browser renders alone, or whose render failed, as the plain page', async () => {
    for (const url of ['/keys', '/series/1', '/tags/7']) {
      const res = await get(url);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('first-view');
    }
    expect((await get('/series/1')).statusCode).toBe(404);
  });

  it('compresses the page when the client accepts it', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root"><main>first view of /');
  });

  it('never serves the renderer itself', async () => {
    const res = await get('/server/entry-server.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('setTransport');
  });
});
