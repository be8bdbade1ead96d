import { createHash } from 'node:crypto';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Event } from '../../contract/catalog';
import {
  EMBED_HEIGHT,
  EMBED_THEMES,
  EMBED_WIDTH,
  type EmbedTheme,
  embedCode,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  ogImagePath,
  oneLine,
} from '../../contract/embed';
import { matchPage, PAGES, SITE_NAME } from '../../contract/pages';
import { sendError } from '../errors';
import { chooseCoding, represent } from '../http/content-coding';
import { type CachedResponse, etagMatches, ResponseCache } from '../http/response-cache';
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  EMBED_STYLE_HASH,
  type EmbedLive,
  renderEmbed,
  renderEmbedNotFound,
} from './embed-card';
import { buildEmbedLiveScript, EMBED_LIVE_PATH } from './embed-live';
import { eventCard } from './event-card';
import { loadPngRenderer, OG_CHART_HEIGHT, OG_CHART_WIDTH, ogImageSvg } from './og-image';
import { HOST_HEADER } from './public-origin';
import { sparkline } from './sparkline';

/**
 * The routes that let other sites show an event (docs/api.md "Embeds"): the embeddable card
 * `/embed/e/<slug>` with its live script `/embed/live.js`, its oEmbed answer `/oembed`, and the Open
 * Graph image `/og/e/<slug>.png|svg`.
 * Registered by the web plugin inside its helmet scope: `/embed/*` alone may be framed by any site
 * (docs/security.md, "Framing"); the images may be shown by any site.
 */

/** A token's recent price points for a chart (app.ts hands the history's reader in), [] when none. */
export type ChartHistoryReader = (tokenId: string) => Promise<readonly { t: number; p: number }[]>;

export interface EmbedRoutesOptions {
  /** The event with this slug, or null. */
  event: (slug: string) => Promise<Event | null>;
  history?: ChartHistoryReader | undefined;
  /** The service's public origin for this request (PUBLIC_URL, else the request's Host). */
  origin: (request: FastifyRequest) => string;
  /** The market channel's path on this origin (`/clob/ws/market`), when this process serves it: live cards. */
  liveChannel?: string | null | undefined;
}

/** A card shown in many frames: clients and caches in between may keep it a little. */
const EMBED_CACHE_CONTROL = 'public, max-age=60';
const IMAGE_CACHE_CONTROL = 'public, max-age=300';
const OEMBED_CACHE_CONTROL = 'public, max-age=300';
/** The live script at its current version (`?v=` its hash) never changes. */
const SCRIPT_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Characters of the title an oEmbed answer carries. */
const OEMBED_TITLE_MAX = 300;
/** PNGs kept by the hash of their SVG (~60 kB each): the same card is never rasterized twice. */
const PNG_CACHE_ENTRIES = 200;

/**
 * The card's own origin as WebSocket sources (`ws://host wss://host`, from the request's Host), for
 * browsers whose `'self'` does not yet cover ws(s):; nothing when the Host is not well-formed.
 */
export function liveSocketSources(host: string | undefined): string {
  return host && HOST_HEADER.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * The embed's security headers: its one inline stylesheet by hash, images from itself only, and
 * `frame-ancestors *` with no X-Frame-Options: the only responses any site may frame. Without the live
 * channels no script at all; with them, scripts from its own origin only (its one script,
 * `/embed/live.js`, no inline script) and connections to its own origin only (the market channel).
 */
export function embedHelmet(live: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        ...(live
          ? {
              'script-src': ["'self'"],
              'connect-src': [(req) => `'self' ${liveSocketSources(req.headers.host)}`.trim()],
            }
          : {}),
        'style-src': [EMBED_STYLE_HASH],
        'img-src': ["'self'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
        'frame-ancestors': ['*'],
      },
    },
    frameguard: false,
    // Frames and images of other sites' pages (whatever their embedder policy).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  };
}
export const EMBED_HELMET = embedHelmet(false);
const IMAGE_HELMET: FastifyHelmetOptions = { crossOriginResourcePolicy: { policy: 'cross-origin' } };

function firstString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `?theme=light|dark`; anything else (absent, repeated, unknown) is the viewer's scheme. */
export function embedTheme(value: unknown): EmbedTheme | undefined {
  const theme = firstString(value);
  return EMBED_THEMES.includes(theme as EmbedTheme) ? (theme as EmbedTheme) : undefined;
}

/** `?chart=0` hides the chart; anything else shows it. */
export const embedChart = (value: unknown) => firstString(value) !== '0';

/** An HTML/SVG/PNG body with its strong ETag (hash of the bytes). */
function bodyResponse(body: Buffer | string, type: string): CachedResponse {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return { body: bytes, etag, headers: { 'content-type': type } };
}

async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  response: CachedResponse,
  cacheControl: string,
  compress = true,
) {
  const coding = compress
    ? chooseCoding(request.headers['accept-encoding'], response.body.length)
    : 'identity';
  const { body, etag } = await represent(response, coding);
  void reply.headers(response.headers);
  void reply.header('ETag', etag);
  void reply.header('Cache-Control', cacheControl);
  if (compress) void reply.header('Vary', 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (coding !== 'identity') void reply.header('Content-Encoding', coding);
  return reply.send(body);
}

const HTML = 'text/html; charset=utf-8';

/** What the pages need of the embed routes: the path of an event's Open Graph image (PNG, or SVG without the renderer). */
export interface EmbedRoutes {
  ogImage: (slug: string) => string;
}

export async function registerEmbedRoutes(
  app: FastifyInstance,
  opts: EmbedRoutesOptions,
): Promise<EmbedRoutes> {
  const { event, history, origin } = opts;
  const script = opts.liveChannel ? buildEmbedLiveScript() : null;
  const live: EmbedLive | null =
    script && opts.liveChannel
      ? { script: `${EMBED_LIVE_PATH}?v=${script.etag.slice(1, 9)}`, channel: opts.liveChannel }
      : null;
  const embedHeaders = embedHelmet(live !== null);
  const renderPng = await loadPngRenderer();
  const ogImage = (slug: string) => ogImagePath(slug).replace(/\.png$/, renderPng ? '.png' : '.svg');
  // Freshness like the catalog's answers on PostgreSQL: a price moved shows within seconds.
  const cacheOptions = { ttlMs: 5_000, staleMs: 30_000, ttlJitter: 0.2 };
  const embeds = new ResponseCache({ ...cacheOptions, maxEntries: 2_000, maxBytes: 16 * 1024 * 1024 });
  const images = new ResponseCache({
    ...cacheOptions,
    ttlMs: 30_000,
    maxEntries: 500,
    maxBytes: 48 * 1024 * 1024,
  });
  const pngs = new Map<string, Promise<Buffer>>();

  const chart = async (token: string | null, width: number, height: number) => {
    if (!token || !history) return null;
    return sparkline(await history(token), width, height);
  };

  app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>(
    '/embed/e/:slug',
    { helmet: embedHeaders },
    async (request, reply) => {
      const { slug } = request.params;
      const theme = embedTheme(request.query.theme);
      const withChart = embedChart(request.query.chart);
      const base = origin(request);
      const key = JSON.stringify([slug, theme ?? null, withChart, base]);
      const response = await embeds.get(key, async () => {
        const record = await event(slug);
        if (!record) return null;
        const card = eventCard(record);
        const drawn = withChart ? await chart(card.chartToken, CHART_WIDTH, CHART_HEIGHT) : null;
        return bodyResponse(renderEmbed({ card, origin: base, theme, chart: drawn, live }), HTML);
      });
      if (!response)
        return reply
          .code(404)
          .header('Cache-Control', 'no-cache')
          .type(HTML)
          .send(renderEmbedNotFound(base, theme));
      return sendCached(request, reply, response, EMBED_CACHE_CONTROL);
    },
  );

  if (script && live) {
    const response = bodyResponse(script.body, 'text/javascript; charset=utf-8');
    app.get<{ Querystring: Record<string, unknown> }>(EMBED_LIVE_PATH, (request, reply) =>
      // The cards ask for this version: kept a year; any other (an older card's) a short while.
      sendCached(
        request,
        reply,
        response,
        live.script.endsWith(`?v=${firstString(request.query.v)}`)
          ? SCRIPT_CACHE_CONTROL
          : EMBED_CACHE_CONTROL,
      ),
    );
  }

  app.get<{ Params: { file: string } }>('/og/e/:file', { helmet: IMAGE_HELMET }, async (request, reply) => {
    const { file } = request.params;
    const dot = file.lastIndexOf('.');
    const slug = file.slice(0, dot);
    const extension = file.slice(dot + 1);
    if (dot <= 0 || (extension !== 'svg' && !(extension === 'png' && renderPng))) return reply.callNotFound();
    const response = await images.get(JSON.stringify([slug, extension]), async () => {
      const record = await event(slug);
      if (!record) return null;
      const card = eventCard(record);
      const svg = ogImageSvg({
        card,
        chartPath: (await chart(card.chartToken, OG_CHART_WIDTH, OG_CHART_HEIGHT))?.path ?? null,
      });
      if (extension === 'svg') return bodyResponse(svg, 'image/svg+xml; charset=utf-8');
      const hash = createHash('sha1').update(svg).digest('base64url');
      let png = pngs.get(hash);
      if (!png && renderPng) {
        png = renderPng(svg);
        png.catch(() => pngs.delete(hash));
        pngs.set(hash, png);
        // Bounded: the oldest card goes first.
        if (pngs.size > PNG_CACHE_ENTRIES) pngs.delete(pngs.keys().next().value as string);
      }
      return bodyResponse(await (png as Promise<Buffer>), 'image/png');
    });
    if (!response) return sendError(reply, 'EVENT_NOT_FOUND', 'There is no event with this slug.');
    return sendCached(request, reply, response, IMAGE_CACHE_CONTROL, extension === 'svg');
  });

  app.get<{ Querystring: Record<string, unknown> }>('/oembed', async (request, reply) => {
    void reply.header('Access-Control-Allow-Origin', '*');
    const query = request.query;
    for (const name of ['url', 'format', 'maxwidth', 'maxheight'])
      if (Array.isArray(query[name]))
        return sendError(reply, 'INVALID_PARAMETER', `${name}: may be given only once.`);
    const format = firstString(query.format);
    if (format !== undefined && format !== 'json')
      return sendError(reply, 'NOT_IMPLEMENTED', 'format: only json is available.');
    const size = (name: 'maxwidth' | 'maxheight') => {
      const value = firstString(query[name]);
      if (value === undefined) return undefined;
      return /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : null;
    };
    const maxwidth = size('maxwidth');
    const maxheight = size('maxheight');
    if (maxwidth === null || maxheight === null)
      return sendError(
        reply,
        'INVALID_PARAMETER',
        `${maxwidth === null ? 'maxwidth' : 'maxheight'}: must be a whole number of pixels ≥ 1.`,
      );
    const raw = firstString(query.url);
    let url: URL | null = null;
    try {
      url = raw && raw.length <= 2048 ? new URL(raw) : null;
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      return sendError(reply, 'INVALID_PARAMETER', 'url: must be the absolute http(s) URL of an event page.');
    const base = origin(request);
    const page = url.host === new URL(base).host ? matchPage(url.pathname) : null;
    const slug = page?.page === PAGES.event && PAGES.event.validParam(page.param) ? page.param : null;
    const record = slug ? await event(slug) : null;
    if (!slug || !record)
      return sendError(reply, 'NOT_FOUND', 'url: no event page of this service has this URL.');
    const width = Math.min(EMBED_WIDTH, maxwidth ?? EMBED_WIDTH);
    const height = Math.min(EMBED_HEIGHT, maxheight ?? EMBED_HEIGHT);
    const title = oneLine(record.title, OEMBED_TITLE_MAX);
    return reply
      .header('Cache-Control', OEMBED_CACHE_CONTROL)
      .type('application/json; charset=utf-8')
      .send({
        version: '1.0',
        type: 'rich',
        title,
        provider_name: SITE_NAME,
        provider_url: `${base}/`,
        html: embedCode(base, record.slug, record.title, { width, height }),
        width,
        height,
        thumbnail_url: `${base}${ogImage(record.slug)}`,
        thumbnail_width: OG_IMAGE_WIDTH,
        thumbnail_height: OG_IMAGE_HEIGHT,
        cache_age: 300,
      });
  });
  return { ogImage };
}
