import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { LIVE_PATHS } from '../../contract/live';

/**
 * The embed card's live script (embed-live-client.ts), served at EMBED_LIVE_PATH: built once at server
 * start (TypeScript to minified ES2020 with esbuild, ~3 kB, ~1.6 kB gzip), with a strong ETag.
 * start.mjs copies the client source beside the server's bundle, as it does the migrations.
 */

export const EMBED_LIVE_PATH = '/embed/live.js';
const CLIENT = fileURLToPath(new URL('./embed-live-client.ts', import.meta.url));

export interface EmbedLiveScript {
  body: string;
  etag: string;
}

/** The script, or null when its source is missing (the cards are then served without it). */
export function buildEmbedLiveScript(): EmbedLiveScript | null {
  if (!existsSync(CLIENT)) return null;
  const { code } = transformSync(readFileSync(CLIENT, 'utf8'), {
    loader: 'ts',
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  });
  return { body: code, etag: `"${createHash('sha1').update(code).digest('base64url')}"` };
}

/** The market channel's path (CLOB_BASE + /ws/market) as the card's `data-live` carries it. */
export const liveChannelPath = (clobBase: string) => `${clobBase}${LIVE_PATHS.market}`;
