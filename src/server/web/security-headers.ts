import { createHash } from 'node:crypto';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Where the dashboard may connect besides its own origin. The Keys page's wallet (wagmi) talks to the
 * wallet extension in-page, but a WalletConnect relay or a public RPC would need its origin here:
 * this list is the one place to extend.
 */
export const EXTRA_CONNECT_SOURCES: readonly string[] = [];

/** The origin of an absolute base URL (`https://api.example.com/gamma` → `https://api.example.com`), else null. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export interface ApiTargets {
  /** The dashboard's build-time VITE_GAMMA_URL / VITE_CLOB_URL; relative or unset means same origin. */
  gammaUrl?: string | undefined;
  clobUrl?: string | undefined;
}

/**
 * CSP sources for the inline scripts of a page (`'sha256-…'` of each one's exact text): the theme
 * script runs before first paint without a request of its own, and no other inline script can run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || text === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Helmet settings for the dashboard's responses. Inline scripts only by hash (the theme script, see
 * inlineScriptHashes), never 'unsafe-inline'; React's style props go through the CSSOM, which CSP
 * does not restrict, so style-src needs no 'unsafe-inline' either.
 */
export function helmetOptions(
  targets: ApiTargets,
  scriptHashes: readonly string[] = [],
): FastifyHelmetOptions {
  const connect = new Set(["'self'", ...EXTRA_CONNECT_SOURCES]);
  for (const url of [targets.gammaUrl, targets.clobUrl]) {
    const origin = originOf(url);
    if (origin) connect.add(origin);
  }
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...scriptHashes],
        'style-src': ["'self'"],
        // Catalog images may live on any https host (real exports point at a CDN); the app only renders http(s) or same-origin URLs.
        // data: for the wallet icons EIP-6963 announces on the Keys page (the spec requires data URIs).
        'img-src': ["'self'", 'https:', 'http:', 'data:'],
        'font-src': ["'self'"],
        'connect-src': [...connect],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'manifest-src': ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin images (catalog CDNs) must keep loading.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
  };
}

/** What an answer without a policy of its own gets: no site may frame it. */
export const DENY_FRAMING = "frame-ancestors 'none'";

/**
 * Every answer that carries no Content-Security-Policy of its own (the APIs' JSON, their errors) is
 * refused to frames too (`frame-ancestors 'none'`, X-Frame-Options DENY): only the embed card
 * (`/embed/*`) may be framed, by its own policy (docs/security.md, "Framing"). app.ts adds it before
 * any interface, so it covers them all.
 */
export function denyFramingByDefault(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, the order path's included.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy') && !reply.raw.hasHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', DENY_FRAMING);
      reply.header('X-Frame-Options', 'DENY');
    }
    done(null, payload);
  });
}
