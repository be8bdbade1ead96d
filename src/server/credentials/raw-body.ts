import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ReplyError } from '../errors';

/**
 * L2 signs the body exactly as sent (docs/api.md §3), so inside the trading interface every body is
 * read as bytes and kept; JSON bodies are parsed from those same bytes. The global bodyLimit
 * (413 BODY_TOO_LARGE) still applies.
 */

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const EMPTY = new Uint8Array(0);

export function rawBodyOf(request: FastifyRequest): Uint8Array {
  return rawBodies.get(request) ?? EMPTY;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function keepRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    rawBodies.set(request, bytes);
    if (bytes.length === 0 || !JSON_TYPE.test(request.headers['content-type'] ?? '')) {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(bytes.toString('utf8')));
    } catch {
      done(
        new ReplyError('INVALID_BODY', 'The request body is not valid JSON; send JSON or no body at all.'),
        undefined,
      );
    }
  });
}
