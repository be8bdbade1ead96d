import { previewOf } from './previews';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import helmetMiddleware, { type HelmetOptions } from 'helmet';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Event } from '../../contract/catalog';
import { DEFAULT_LIST_SEARCH } from '../../contract/list-search';
import {
  type CatalogRequest,
  catalogPath,
  DEFAULT_DESCRIPTION,
  isRecordPage,
  matchPage,
  PAGES,
  NOT_FOUND_NAME,
  type PreviewRecords,
  type RecordKind,
  recordRequest,
  titleOf,
} from '../../contract/pages';
import { encodePage } from './compress-page';
import { pageChunkFiles } from './page-chunks';
import { absoluteImageUrl, injectPageMeta, type PageMeta, pageTitle } from './page-meta';
import { inProcessTransport, loadRenderer, RENDERER_FILE, renderFirstView } from './renderer';
import { helmetOptions, inlineScriptHashes } from './security-headers';
import { publicOrigin } from './public-origin';
import { type ChartHistoryReader, registerEmbedRoutes } from './embed-routes';
import { liveChannelPath } from './embed-live';

/** Answers a request the router could not read (bad percent-encoding, an over-long segment), or returns undefined. */
export type UnreadablePageHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | undefined;

/** The catalog record a page is about (an event by slug, a tag or a series by id), or null when there is none. */
export type PageRecordReader = (
  kind: RecordKind,
  param: string,
) => Promise<PreviewRecords[RecordKind] | null>;

export interface WebPluginOptions {
  config: Config;
  /** Reads the records of the pages about one (their titles and link previews). */
  records: PageRecordReader;
  /** A token's recent prices, for the embed card's and the Open Graph image's charts (none without it). */
  history?: ChartHistoryReader;
  /** The built dashboard (default: ./dist); tests point it at a fixture build. */
  distDir?: string;
  /**
   * Receives the handler for page paths the router cannot read, for the app's `frameworkErrors`
   * (those fail before any route or hook of this plugin runs): they are the not-found page too.
   */
  onUnreadablePage?: (handler: UnreadablePageHandler) => void;
}

/** Hashed build output never changes under its name: cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Page {
  status: 200 | 404;
  meta: PageMeta;
  /** Sent with its first view rendered (unless the page is rendered in the browser only). */
  serverRendered: boolean;
}

/** Where the first view goes: the dashboard's root element, empty in the built index.html. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Serves the built dashboard: hashed assets with immutable caching, and index.html for every page the
 * dashboard routes, with that page's title and link-preview tags (an unknown event, tag or series is a
 * 404 whose body is still the dashboard, which shows its not-found page). Paths under the API mounts
 * and missing files keep the JSON 404. Security headers (CSP …) apply to everything served here.
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, opts) => {
  const { config, records } = opts;
  const root = resolve(opts.distDir ?? join(process.cwd(), 'dist'));
  const indexFile = join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  // The same variables the dashboard was built with (see src/app/lib/config.ts).
  const securityHeaders = helmetOptions(
    { gammaUrl: config.VITE_GAMMA_URL, clobUrl: config.VITE_CLOB_URL },
    indexHtml ? inlineScriptHashes(indexHtml) : [],
  );
  await app.register(helmet, securityHeaders);

  // Embeds, oEmbed and Open Graph images: served whether or not the dashboard is built.
  const embeds = await registerEmbedRoutes(app, {
    event: async (slug) =>
      PAGES.event.validParam(slug) ? ((await records('event', slug)) as Event | null) : null,
    history: opts.history,
    origin: (request) => publicOrigin(request, config),
    // The cards are live when this process serves the market channel (same origin as the card).
    liveChannel: config.SERVE_CLOB ? liveChannelPath(config.CLOB_BASE) : null,
  });

  if (indexHtml === null) {
    app.log.warn(`dashboard not built (${indexFile} missing): run \`npm run build\``);
    app.get('/', async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The dashboard is not built yet: run `npm run build`, then restart.'),
    );
    return;
  }
  // The dashboard fetches its data same-origin unless built for another API deployment.
  const gamma = config.SERVE_GAMMA && !config.VITE_GAMMA_URL ? config.GAMMA_BASE : null;
  const preloadJson = (requests: CatalogRequest[]) =>
    gamma ? requests.map((request) => `${gamma}${catalogPath(request)}`) : [];

  // The first view rendered here needs the catalog in this process (its reads are answered in-process).
  const renderer = gamma && indexHtml.includes(ROOT_ELEMENT) ? await loadRenderer(root) : null;
  if (gamma && !renderer)
    app.log.warn(
      `${join(root, RENDERER_FILE)} missing: pages are rendered in the browser only (run \`npm run build\`)`,
    );
  renderer?.setTransport(inProcessTransport(app, gamma ?? ''));

  const assetsDir = join(root, 'assets');
  const chunks = pageChunkFiles(existsSync(assetsDir) ? readdirSync(assetsDir) : []);

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // Serves .br/.gz siblings written at build time when the client accepts them.
    preCompressed: true,
    // The server's renderer (dist/server) is the server's own code, not a file the site serves.
    globIgnore: ['**/index.html', '**/*.br', '**/*.gz', 'server/**'],
    setHeaders(reply, path) {
      reply.header(
        'Cache-Control',
        path.startsWith(join(root, 'assets')) ? IMMUTABLE : 'public, max-age=3600',
      );
    },
  });

  const apiBases = [config.GAMMA_BASE, config.CLOB_BASE];
  const underApi = (path: string) => apiBases.some((base) => path === base || path.startsWith(`${base}/`));

  /** The page at `path` (PAGES), its status and head tags; every path no page has is the not-found page. */
  async function resolvePage(request: FastifyRequest, path: string, search: string): Promise<Page> {
    const origin = publicOrigin(request, config);
    // The default list view when the URL has no query; with one, the router's own parsing decides.
    const listSearch = search === '' ? DEFAULT_LIST_SEARCH : undefined;
    const match = matchPage(path);
    const notFound: Page = { status: 404, meta: NOT_FOUND_META, serverRendered: true };
    if (!match) return notFound;
    const { page, param } = match;
    const preloadModules = chunks.get(page.path) ?? [];
    if (!isRecordPage(page)) {
      return {
        status: 200,
        serverRendered: !page.browserOnly,
        meta: {
          title: titleOf(page.name),
          description: DEFAULT_DESCRIPTION,
          url: `${origin}${page.path}`,
          ...(page.noindex ? { noindex: true } : {}),
          preloadJson: preloadJson(page.data(undefined, listSearch)),
          preloadModules,
        },
      };
    }
    const record = page.validParam(param) ? await records(page.record, param) : null;
    if (!record) return notFound;
    const preview = previewOf(page.record, record);
    // An event's preview image is its card (/og/e/<slug>.png), drawn here.
    const imagePath = page.record === 'event' ? embeds.ogImage((record as Event).slug) : preview.image;
    const image = imagePath ? absoluteImageUrl(imagePath, origin) : undefined;
    const oembed =
      page.record === 'event'
        ? `${origin}/oembed?url=${encodeURIComponent(`${origin}${preview.canonicalPath}`)}&format=json`
        : undefined;
    return {
      status: 200,
      serverRendered: true,
      meta: {
        title: pageTitle(page.name(record)),
        description: preview.description,
        url: `${origin}${preview.canonicalPath}`,
        ...(preview.type ? { type: preview.type } : {}),
        ...(image ? { image } : {}),
        ...(oembed ? { oembed } : {}),
        preloadJson: preloadJson([recordRequest(page.record, param), ...page.data(param, listSearch)]),
        preloadModules,
      },
    };
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [path = '/', ...query] = request.url.split('?');
    const search = query.join('?');
    // API mounts keep their JSON 404; a missing file (anything with an extension that no page's path
    // pattern matches: `/e/rate-4.25` is an event page) is not a page.
    if (underApi(path) || (/\.[A-Za-z0-9]+$/.test(path) && !matchPage(path))) return reply.callNotFound();
    // One address per page, as the dashboard's router has it: `/tags/` is `/tags`.
    if (path.length > 1 && path.endsWith('/')) return reply.redirect(withoutTrailingSlash(path, search), 301);
    const page = await resolvePage(request, path, search);
    const firstView =
      renderer && page.serverRendered ? await renderFirstView(renderer, request.url, request.log) : null;
    // With its first view the page carries its data: nothing to preload.
    let html = injectPageMeta(indexHtml, firstView ? { ...page.meta, preloadJson: [] } : page.meta);
    if (firstView)
      html = html.replace(ROOT_ELEMENT, () => `<div id="root">${firstView.html}</div>${firstView.data}`);
    const { body, coding } = await encodePage(html, request.headers['accept-encoding']);
    if (coding) reply.header('Content-Encoding', coding);
    return reply
      .code(page.status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };

  app.get('/', servePage);
  app.get('/*', servePage); // a wildcard: errors.ts does not count it as a known path for 405s

  // Outside this plugin's hooks: the same security headers, set by helmet itself.
  const { global: _global, ...helmetSettings } = securityHeaders;
  const setSecurityHeaders = helmetMiddleware(helmetSettings as HelmetOptions);
  opts.onUnreadablePage?.((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || underApi(path)) return undefined;
    setSecurityHeaders(request.raw, reply.raw, () => {});
    return reply
      .code(404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(injectPageMeta(indexHtml, NOT_FOUND_META));
  });
};

const NOT_FOUND_META: PageMeta = {
  title: titleOf(NOT_FOUND_NAME),
  description: DEFAULT_DESCRIPTION,
  noindex: true,
};

/**
 * `path` without its trailing slashes, `query` kept. Leading slashes and backslashes collapse to one
 * slash, so `//host/` or `/\host/` (which browsers read as `//host`) never redirects off the site.
 */
export function withoutTrailingSlash(path: string, query: string): string {
  const bare = `/${path.replace(/^[/\\]+|\/+$/g, '')}`;
  return query ? `${bare}?${query}` : bare;
}
