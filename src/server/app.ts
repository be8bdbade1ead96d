import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageRecordReader } from './catalog/page-records';
import { catalogPlugin } from './catalog/plugin';
import { ChangeSignal } from './change-signal';
import type { Config } from './config';
import { credentialsPlugin } from './credentials/plugin';
import type { Database } from './db/open';
import { ERROR_STATUS, type ErrorBody } from '../contract/error-codes';
import { answerWhileClosing, registerErrorHandling, sendError } from './errors';
import { pageHistoryReader } from './history/page-history';
import { historyPlugin } from './history/plugin';
import { logOptions } from './log-output';
import { type UnreadablePageHandler, webPlugin } from './web/plugin';
import { denyFramingByDefault } from './web/security-headers';

/** Why Node's HTTP parser refused a request, in words (its codes: llhttp's HPE_… and Node's ERR_…). */
function unreadableRequest(err: Error): string {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'HPE_HEADER_OVERFLOW') return 'its headers are too large';
  if (code.startsWith('HPE_INVALID_HEADER') || code === 'HPE_INVALID_CONSTANT')
    return 'a header is malformed';
  return 'its request line or a header is malformed';
}

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built dashboard (default: ./dist). */
  distDir?: string;
  /**
   * Raised when the catalog's data changes under the caches (default: one of the app's own); main.ts
   * shares it with what writes the catalog while the app runs (the demo traders' price points).
   */
  catalogChanged?: ChangeSignal;
}

/**
 * The server's map: the shared plumbing (validation, serialization, the contract's error bodies),
 * then each interface, mounted here and nowhere else: the catalog at GAMMA_BASE, the trading
 * interface with the public price history at CLOB_BASE, the dashboard at the root.
 */
export async function buildApp({
  config,
  database,
  logger,
  distDir,
  catalogChanged = new ChangeSignal(),
}: AppDeps): Promise<FastifyInstance> {
  // The dashboard's answer to a page path the router cannot read (set when it is served): its not-found page.
  let unreadablePage: UnreadablePageHandler | undefined;
  const app = Fastify({
    logger: logger ?? logOptions(config.LOG_LEVEL, { readable: false }),
    bodyLimit: 16 * 1024,
    // Slow clients must not tie up the server.
    connectionTimeout: 30_000,
    requestTimeout: 15_000,
    keepAliveTimeout: 10_000,
    // A client trickling its headers is cut off after 10 s, checked every 2 s (Node: 60 s, every 30 s).
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 2_000 },
    // TRUST_PROXY: which peers may tell the client's address (X-Forwarded-For); off by default.
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // Refused while closing with the contract's body instead (answerWhileClosing, errors.ts).
    return503OnClosing: false,
    // Requests the process makes to itself (the first view's catalog reads, the demo traders' orders)
    // log warnings and errors only: a line per request would drown the requests people make.
    childLoggerFactory: (logger, bindings, options, raw) => {
      const quieter = '_lightMyRequest' in raw && ['trace', 'debug', 'info'].includes(logger.level);
      return logger.child(bindings, quieter ? { ...options, level: 'warn' } : options);
    },
    // What Node's HTTP parser refuses (a malformed header or request line, headers too large) never
    // reaches a route: the contract's body, not Fastify's default one.
    clientErrorHandler: (err, socket) => {
      const code = (err as { code?: string }).code;
      // A reset needs no answer, and a client too slow to send its headers gets the connection closed.
      if (code !== 'ECONNRESET' && code !== 'ERR_HTTP_REQUEST_TIMEOUT' && socket.writable) {
        const body = JSON.stringify({
          error: `The request cannot be read as HTTP: ${unreadableRequest(err)}.`,
          code: 'INVALID_PARAMETER',
        } satisfies ErrorBody);
        socket.write(
          `HTTP/1.1 ${ERROR_STATUS.INVALID_PARAMETER} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
    // Router-level failures (malformed percent-encoding, over-long path parameter) get the contract's body.
    frameworkErrors: (err, request, reply) =>
      unreadablePage?.(request, reply) ??
      sendError(reply, 'INVALID_PARAMETER', `The URL cannot be read: ${err.message}.`),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  answerWhileClosing(app);
  registerErrorHandling(app);
  denyFramingByDefault(app);

  // The exchange moves catalog prices; every cache of catalog answers listens (change-signal.ts).
  if (config.SERVE_GAMMA)
    await app.register(catalogPlugin, { prefix: config.GAMMA_BASE, config, database, catalogChanged });
  // /prices-history is public data but belongs to the trading interface's base and OpenAPI document.
  if (config.SERVE_CLOB)
    await app.register(credentialsPlugin, {
      prefix: config.CLOB_BASE,
      config,
      database,
      catalogChanged,
      publicRoutes: [historyPlugin],
    });
  if (config.SERVE_WEB)
    await app.register(webPlugin, {
      config,
      records: pageRecordReader(database.db),
      history: pageHistoryReader(database.db),
      ...(distDir ? { distDir } : {}),
      onUnreadablePage: (handler) => {
        unreadablePage = handler;
      },
    });

  await app.ready();
  return app;
}
