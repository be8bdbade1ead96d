import type { z } from 'zod';
import { SERVER_TIME_HEADER } from '../../../contract/auth';
import { isErrorBody } from '../../../contract/error-codes';
import { ApiResponseError, NetworkError, type ResponseErrorCode } from '../api-client';
import { config } from '../config';

/**
 * The trading interface's answer when it refuses a request: the contract's code and sentence, plus the
 * two headers a client acts on (docs/api.md §5, §7): when to retry, and the server's clock.
 */
export class ClobError extends ApiResponseError {
  constructor(
    status: number,
    code: ResponseErrorCode,
    message: string,
    /** From Retry-After on 429/503. */
    readonly retryAfterSeconds?: number,
    /** From SVC_SERVER_TIME on 401 TIMESTAMP_OUT_OF_RANGE: unix seconds. */
    readonly serverTime?: number,
  ) {
    super(status, code, message);
  }
}

export interface ClobRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to {clob_url}: the path L2 signs (docs/api.md §1). */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string | undefined>;
  /** JSON text, sent exactly as given (L2 signs these bytes). */
  body?: string;
}

/** Retry-After is delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function parseServerTime(value: string | null): number | undefined {
  return value && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/**
 * One request to the trading interface, its 2xx body checked against `schema`. Nothing is cached or
 * logged: bodies may carry a secret (POST /api-keys) and headers carry signatures.
 */
export async function clobRequest<T>(schema: z.ZodType<T>, request: ClobRequest): Promise<T> {
  const search = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (value !== undefined) headers[name] = value;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${config.clobUrl}${request.path}${search}`, {
      method: request.method,
      headers,
      cache: 'no-store',
      credentials: 'omit',
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
  } catch {
    throw new NetworkError('Could not reach the server. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
    const serverTime = parseServerTime(response.headers.get(SERVER_TIME_HEADER));
    if (isErrorBody(body))
      throw new ClobError(response.status, body.code, body.error, retryAfter, serverTime);
    throw new ClobError(response.status, 'HTTP_ERROR', `The server answered ${response.status}.`, retryAfter);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ClobError(
      response.status,
      'UNEXPECTED_RESPONSE',
      'The server sent an answer this page does not understand.',
    );
  return parsed.data;
}
