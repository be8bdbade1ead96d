import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer, RenderedPage, Transport } from '../../contract/page-renderer';

/** The dashboard's server build inside the built dashboard, as vite.config.ts writes it. */
export const RENDERER_FILE = join('server', 'entry-server.js');
/** A first view that takes longer is sent as the plain page instead (the browser renders it). */
const RENDER_TIMEOUT_MS = 3_000;

/** The built renderer in `distRoot`, or null when the build has none (an older build, a test fixture). */
export async function loadRenderer(distRoot: string): Promise<PageRenderer | null> {
  const file = join(distRoot, RENDERER_FILE);
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderer?: PageRenderer };
  return module.renderer ?? null;
}

/**
 * The renderer's catalog reads, answered in-process by the catalog's own routes (app.inject): the
 * same validation, cache and body as over HTTP, without a socket. Anything but a read under the
 * catalog's mount is refused, as a network failure would be.
 */
export function inProcessTransport(app: FastifyInstance, gammaBase: string): Transport {
  return async (url) => {
    if (!url.startsWith(`${gammaBase}/`))
      throw new TypeError(`The server's renderer reads the catalog only: ${url}`);
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const name of ['content-type', 'x-total-count']) {
      const value = answer.headers[name];
      if (typeof value === 'string' || typeof value === 'number') headers.set(name, String(value));
    }
    return new Response(answer.body, { status: answer.statusCode, headers });
  };
}

/** The first view of `url`, or null when it failed or took too long (logged): the page is then rendered in the browser. */
export async function renderFirstView(
  renderer: PageRenderer,
  url: string,
  log: FastifyInstance['log'],
): Promise<RenderedPage | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      log.warn(
        { url },
        `first view not rendered within ${RENDER_TIMEOUT_MS} ms; sending the page without it`,
      );
      resolve(null);
    }, RENDER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([renderer.render(url), timeout]);
  } catch (err) {
    log.error({ err, url }, 'first view failed to render; sending the page without it');
    return null;
  } finally {
    clearTimeout(timer);
  }
}
