import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import FindMyWay from 'find-my-way';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../contract/error-codes';
import { pathOf } from './request-path';
import { inSpellingSent } from '../contract/auth';

/** An error the client caused or must hear about, in the contract's terms (docs/api.md §7). */
export class ReplyError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export function sendError(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  const body: ErrorBody = { error: message, code };
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

/** PostgreSQL or PGlite unreachable: connection refused or terminated, server shutting down. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return unavailableCause(err) !== null;
}

/**
 * The driver's error that says the database cannot be reached, with its code and message only: what
 * a log may keep (drizzle's wrapper around it names the query and its parameters). Null when it is not one.
 */
export function unavailableCause(err: unknown, depth = 0): { code: string; message: string } | null {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || depth > 4) return null;
  // Drizzle wraps driver errors ("Failed query: …") with the driver's error as the cause.
  const inner = e.cause ? unavailableCause(e.cause, depth + 1) : null;
  if (inner) return inner;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const unavailable =
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code) ||
    /^(08|57P0)/.test(code) || // connection exception, admin/crash shutdown
    /Connection terminated|connection timeout|PGlite is closed|Client has encountered a connection error/i.test(
      message,
    );
  return unavailable ? { code, message } : null;
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * The first problem a schema found, named by its place: "limit: must be at most 100", or within a
 * union (an order of either version) the first problem of the branch it came closest to
 * ("order.side: Invalid side") rather than "order: Invalid input".
 */
export function describeValidation(err: Pick<FastifyError, 'validation' | 'message'>): string {
  const issues = (err.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  if (!first) return err.message;
  let path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  let message = first.message;
  const branches = first.params?.errors;
  if (first.keyword === 'invalid_union' && Array.isArray(branches)) {
    const closest = (branches as { path: PropertyKey[]; message: string }[][])
      .filter((b) => b.length > 0)
      .sort((a, b) => a.length - b.length)[0]?.[0];
    if (closest) {
      path = [path, ...closest.path.map(String)].filter(Boolean).join('.');
      message = closest.message;
    }
  }
  const name = path || String(first.params?.missingProperty ?? first.params?.additionalProperty ?? '');
  return name ? `${name}: ${message ?? 'is invalid'}` : (message ?? err.message);
}

/**
 * The one place that turns failures into the contract's error body: known errors keep their
 * code, everything unexpected becomes INTERNAL without detail, and unknown routes get 404 or 405.
 */
/**
 * Sends every unknown path and method below a plugin's prefix to the app's 404/405 through that
 * plugin's scope, so the scope's hooks apply, its CORS headers above all: a browser on an allowed
 * origin can read the error instead of meeting a CORS failure. A wildcard route, which the 405
 * detection below does not take for a known path; OPTIONS stays with the CORS preflight.
 */
export function answerUnknownInScope(scope: FastifyInstance): void {
  scope.route({
    method: scope.supportedMethods.filter((m) => m !== 'OPTIONS'),
    url: '/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: (_request, reply) => reply.callNotFound(),
  });
}

/**
 * Once the server is closing (SIGTERM, SIGINT), a request arriving on a connection still open gets the
 * contract's refusal, with when to retry, and the connection is closed: Fastify's own 503 has another
 * body and no Retry-After. Requests already in flight finish. Registered before any other hook.
 */
export function answerWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    void reply.header('Connection', 'close').header('Retry-After', '5');
    return sendError(reply, 'SERVICE_UNAVAILABLE', 'The server is shutting down; retry in a few seconds.');
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Every route pattern and its methods, so an unknown method on a known path answers 405.
  const known = FindMyWay();
  const methodsByPattern = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    // Wildcard routes are catch-alls (the CORS preflight `OPTIONS <prefix>/*`, the dashboard's page
    // fallback), not known paths: they must not turn every unknown path below them into a 405.
    if (route.url.endsWith('*')) return;
    let set = methodsByPattern.get(route.url);
    if (!set) {
      set = new Set();
      methodsByPattern.set(route.url, set);
      const allowed = set;
      known.on('GET', route.url, () => {}, { allowed });
    }
    for (const m of methods) set.add(m);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const match = known.find('GET', path);
    const allowed = (match?.store as { allowed?: Set<string> } | undefined)?.allowed;
    if (allowed && !allowed.has(request.method)) {
      void reply.header('Allow', [...allowed].join(', '));
      return sendError(
        reply,
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed here; use ${[...allowed].join(' or ')}.`,
      );
    }
    return sendError(reply, 'NOT_FOUND', `There is nothing at ${request.method} ${path}.`);
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ReplyError) {
      // A refusal on our side is the operator's to see, not only the client's.
      if (ERROR_STATUS[err.code] >= 500) request.log.error({ code: err.code }, err.message);
      void reply.headers(err.headers);
      // Headers named as this client sends them (a reference client's POLY_*: docs/api.md §9).
      return sendError(
        reply,
        err.code,
        inSpellingSent(err.message, (name) => request.headers[name.toLowerCase()] !== undefined),
      );
    }
    if (err.validation) {
      const where = err.validationContext;
      const code = where === 'body' ? 'INVALID_BODY' : 'INVALID_PARAMETER';
      return sendError(
        reply,
        code,
        `Invalid ${where === 'body' ? 'body' : 'parameter'}: ${describeValidation(err)}.`,
      );
    }
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 'BODY_TOO_LARGE', 'The request body is too large.');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 'INVALID_BODY', `The request body could not be read: ${err.message}.`);
    }
    if (err.statusCode === 429) {
      return sendError(
        reply,
        'RATE_LIMITED',
        err.message || 'Too many requests; retry after the Retry-After delay.',
      );
    }
    const unavailable = unavailableCause(err);
    if (unavailable) {
      request.log.warn({ cause: unavailable }, 'database unavailable');
      void reply.header('Retry-After', '5');
      return sendError(
        reply,
        'SERVICE_UNAVAILABLE',
        'The database cannot be reached right now; retry in a few seconds.',
      );
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code: ErrorCode =
        err.statusCode === 413
          ? 'BODY_TOO_LARGE'
          : err.statusCode === 404
            ? 'NOT_FOUND'
            : 'INVALID_PARAMETER';
      return sendError(reply, code, err.message);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 'INTERNAL', 'Something went wrong on our side; try again.');
  });
}
