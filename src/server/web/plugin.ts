import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PluginOptions } from '../app';
import * as repository from '../catalog/repository';
import type { Config } from '../config';
import { CATALOG_ID } from '../../contract/catalog-id';
import { eventsSearchParams } from '../../contract/events-page-query';
import { DEFAULT_LIST_SEARCH, toEventsQuery } from '../../contract/list-search';
import { absoluteImageUrl, DEFAULT_DESCRIPTION, injectPageMeta, type PageMeta, pageTitle } from './page-meta';
import { type RoutePage, routeChunks } from './route-chunks';
import { helmetOptions, inlineScriptHashes } from './security-headers';

export interface WebPluginOptions extends PluginOptions {
  /** The built dashboard (default: ./dist); tests point it at a fixture build. */
  distDir?: string;
}

/** Hashed build output never changes under its name: cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Paths the dashboard has a page for (the not-found page answers everything else with 404). */
const STATIC_PAGES: Record<string, { name: string; page: RoutePage }> = {
  '/': { name: 'Top markets', page: 'top' },
  '/tags': { name: 'Tags', page: 'tags' },
  '/series': { name: 'Series', page: 'series' },
  '/keys': { name: 'API keys', page: 'keys' },
};
const HOST_HEADER = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

interface Page {
  status: 200 | 404;
  meta: PageMeta;
}

/**
 * Serves the built dashboard: hashed assets with immutable caching, and index.html for every page the
 * dashboard routes, with that page's title and link-preview tags (an unknown event, tag or series is a
 * 404 whose body is still the dashboard, which shows its not-found page). Paths under the API mounts
 * and missing files keep the JSON 404. Security headers (CSP …) apply to everything served here.
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, opts) => {
  const { config, database } = opts;
  const root = resolve(opts.distDir ?? join(process.cwd(), 'dist'));
  const indexFile = join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  await app.register(
    helmet,
    // The same variables the dashboard was built with (see src/app/lib/config.ts).
    helmetOptions(
      { gammaUrl: process.env.VITE_GAMMA_URL, clobUrl: process.env.VITE_CLOB_URL },
      indexHtml ? inlineScriptHashes(indexHtml) : [],
    ),
  );

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
  const chunks = routeChunks(root);
  // The dashboard fetches its data same-origin unless built for another API deployment.
  const gamma = config.SERVE_GAMMA && !process.env.VITE_GAMMA_URL ? config.GAMMA_BASE : null;
  /**
   * What a page fetches first, for the URL without a query string (a list's default view; with a
   * query the router's own parsing decides, and a guess that missed would cost a wasted request).
   */
  const firstRequests = (page: RoutePage, id: string, search: string): string[] => {
    if (!gamma) return [];
    const list = (scope: { tagId?: string; seriesId?: string }) =>
      search === ''
        ? [`${gamma}/events?${eventsSearchParams(toEventsQuery(DEFAULT_LIST_SEARCH, scope))}`]
        : [];
    switch (page) {
      case 'top':
        return [...list({}), `${gamma}/tags`];
      case 'tags':
        return [`${gamma}/tags`];
      case 'series':
        return [`${gamma}/series`];
      case 'tag':
        return [`${gamma}/tags/${encodeURIComponent(id)}`, ...list({ tagId: id })];
      case 'seriesOne':
        return [`${gamma}/series/${encodeURIComponent(id)}`, ...list({ seriesId: id })];
      case 'event':
        return [`${gamma}/events/slug/${encodeURIComponent(id)}`];
      case 'keys':
        return [];
    }
  };
  const preloads = (page: RoutePage, id: string, search: string) => ({
    preloadJson: firstRequests(page, id, search),
    modulePreload: chunks[page],
  });

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // Serves .br/.gz siblings written at build time when the client accepts them.
    preCompressed: true,
    globIgnore: ['**/index.html', '**/*.br', '**/*.gz'],
    setHeaders(reply, path) {
      reply.header(
        'Cache-Control',
        path.startsWith(join(root, 'assets')) ? IMMUTABLE : 'public, max-age=3600',
      );
    },
  });

  const apiBases = [config.GAMMA_BASE, config.CLOB_BASE];
  const underApi = (path: string) => apiBases.some((base) => path === base || path.startsWith(`${base}/`));

  async function resolvePage(request: FastifyRequest, path: string, search: string): Promise<Page> {
    const origin = publicOrigin(request, config);
    const url = `${origin}${path === '/' ? '/' : path}`;
    const known = STATIC_PAGES[path];
    if (known) {
      return {
        status: 200,
        meta: {
          title: path === '/' ? `${SITE_TITLE}` : pageTitle(known.name),
          description: DEFAULT_DESCRIPTION,
          url,
          ...(path === '/keys' ? { noindex: true } : {}),
          ...preloads(known.page, '', search),
        },
      };
    }
    const [, kind, rawParam, ...rest] = path.split('/');
    if (rawParam !== undefined && rawParam !== '' && rest.length === 0) {
      const param = safeDecode(rawParam);
      if (kind === 'e' && param !== null) {
        const event = await repository.getEventBySlug(database.db, param);
        if (event) {
          const image = absoluteImageUrl(event.image, origin);
          return {
            status: 200,
            meta: {
              title: pageTitle(event.title),
              description: event.description || `Live outcome prices for “${event.title}”.`,
              url: `${origin}/e/${encodeURIComponent(event.slug)}`,
              type: 'article',
              ...(image ? { image } : {}),
              ...preloads('event', event.slug, search),
            },
          };
        }
      }
      if (kind === 'tags' && param !== null && CATALOG_ID.test(param)) {
        const tag = await repository.getTagById(database.db, param);
        if (tag) {
          return {
            status: 200,
            meta: {
              title: pageTitle(tag.label),
              description: `${tag.eventCount} prediction ${tag.eventCount === 1 ? 'event' : 'events'} tagged “${tag.label}”, by volume.`,
              url: `${origin}/tags/${tag.id}`,
              ...preloads('tag', param, search),
            },
          };
        }
      }
      if (kind === 'series' && param !== null && CATALOG_ID.test(param)) {
        const series = await repository.getSeriesById(database.db, param);
        if (series) {
          return {
            status: 200,
            meta: {
              title: pageTitle(series.title),
              description: `Every event of the series “${series.title}”, by volume.`,
              url: `${origin}/series/${series.id}`,
              ...preloads('seriesOne', param, search),
            },
          };
        }
      }
    }
    return {
      status: 404,
      meta: { title: pageTitle('Not found'), description: DEFAULT_DESCRIPTION, noindex: true },
    };
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [path = '/', ...query] = request.url.split('?');
    const search = query.join('?');
    // API mounts keep their JSON 404; a missing file (anything with an extension) is not a page.
    if (underApi(path) || /\.[A-Za-z0-9]+$/.test(path)) return reply.callNotFound();
    // One address per page, as the dashboard's router has it: `/tags/` is `/tags`.
    if (path.length > 1 && path.endsWith('/')) return reply.redirect(withoutTrailingSlash(path, search), 301);
    const page = await resolvePage(request, path, search);
    return reply
      .code(page.status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(injectPageMeta(indexHtml, page.meta));
  };

  app.get('/', servePage);
  app.get('/*', servePage); // a wildcard: errors.ts does not count it as a known path for 405s
};

const SITE_TITLE = 'Marketdesk · Top prediction markets';

/**
 * `path` without its trailing slashes, `query` kept. Leading slashes and backslashes collapse to one
 * slash, so `//host/` or `/\host/` (which browsers read as `//host`) never redirects off the site.
 */
export function withoutTrailingSlash(path: string, query: string): string {
  const bare = `/${path.replace(/^[/\\]+|\/+$/g, '')}`;
  return query ? `${bare}?${query}` : bare;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The origin links in previews point at: PUBLIC_URL when set (a proxy in front may change scheme and
 * host), else the request's Host when well-formed, else the bind address.
 */
function publicOrigin(request: FastifyRequest, config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const host = request.headers.host;
  if (host && HOST_HEADER.test(host)) return `${request.protocol}://${host}`;
  const bind = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${bind}:${config.PORT}`;
}
