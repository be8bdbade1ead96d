import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

/** Headers that carry credentials: never logged. */
export const REDACTED_HEADERS = [
  'req.headers.svc_signature',
  'req.headers.svc_passphrase',
  'req.headers.svc_api_key',
  'req.headers.authorization',
  'req.headers.cookie',
];

export interface LogOptions {
  level: LevelWithSilent;
  redact: string[];
  /** Absent: JSON lines on stdout. */
  stream?: DestinationStream;
}

/**
 * JSON lines for log collectors; readable lines for a person at a terminal (same records, same
 * redaction). Written in-process and synchronously, so nothing is lost when the process exits.
 */
export function logOptions(
  level: LevelWithSilent,
  { readable, destination }: { readable: boolean; destination?: NodeJS.WritableStream },
): LogOptions {
  if (!readable) return { level, redact: REDACTED_HEADERS };
  return {
    level,
    redact: REDACTED_HEADERS,
    stream: pretty({
      colorize: true,
      singleLine: true,
      sync: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      ...(destination && { destination }),
    }),
  };
}

/** A logger outside Fastify (start-up, seeding) that writes exactly like the server's. */
export const createLogger = (options: LogOptions): Logger => pino(options, options.stream);

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Where a person opens each part, for the first line `npm start` prints: PUBLIC_URL when set, else the
 * listening address (an all-interfaces address is shown as localhost, which is where the person is).
 */
export function serviceUrls(config: Config): { dashboard?: string; catalog?: string; trading?: string } {
  const host = ANY_ADDRESS.has(config.HOST)
    ? 'localhost'
    : config.HOST.includes(':')
      ? `[${config.HOST}]`
      : config.HOST;
  const origin = config.PUBLIC_URL ?? `http://${host}:${config.PORT}`;
  return {
    dashboard: config.SERVE_WEB ? `${origin}/` : undefined,
    catalog: config.SERVE_GAMMA ? `${origin}${config.GAMMA_BASE}` : undefined,
    trading: config.SERVE_CLOB ? `${origin}${config.CLOB_BASE}` : undefined,
  };
}

/**
 * "Marketdesk: ready at http://127.0.0.1:8080/": printed once the server takes requests. The start line
 * comes first, before a first start's catalog and history are prepared (a minute or more), so a script
 * waits for this one.
 */
export function readyLine(config: Config, port: number): string {
  const urls = serviceUrls({ ...config, PORT: port });
  return `Marketdesk: ready at ${urls.dashboard ?? urls.catalog ?? urls.trading}`;
}

/**
 * "Marketdesk: starting · dashboard http://…/ · catalog API http://…/gamma · trading API http://…/clob":
 * where things will be, not yet an invitation to open them (readyLine is).
 */
export function startLine(config: Config): string {
  const urls = serviceUrls(config);
  const parts = [
    'starting',
    urls.dashboard && `dashboard ${urls.dashboard}`,
    urls.catalog && `catalog API ${urls.catalog}`,
    urls.trading && `trading API ${urls.trading}`,
  ].filter(Boolean);
  return `Marketdesk: ${parts.join(' · ')}`;
}
