import type { FastifyRequest } from 'fastify';
import { REFERENCE_HEADER_PREFIX, referenceSpelling, SERVER_TIME_HEADER } from '../../contract/auth';
import { ReplyError } from '../errors';
import { serverSeconds } from './clock';

/** Reading the SVC_* headers (or their POLY_* spelling) and the checks L1 and L2 share. */

/**
 * The header's value, sent as `name` (SVC_…) or in the reference clients' spelling (POLY_…). A header
 * sent twice, or in both spellings with different values, is malformed: which value was signed?
 */
export function header(request: FastifyRequest, name: string): string | undefined {
  const alias = referenceSpelling(name);
  const ours = single(request, name);
  const theirs = single(request, alias);
  if (ours !== undefined && theirs !== undefined && ours !== theirs) {
    throw new ReplyError(
      'AUTH_HEADERS_INVALID',
      `${name} and ${alias} are two spellings of one header and were sent with different values; send one of them.`,
    );
  }
  return ours ?? theirs;
}

function single(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  if (Array.isArray(value)) {
    throw new ReplyError('AUTH_HEADERS_INVALID', `${name} was sent more than once; send it exactly once.`);
  }
  return value;
}

export function requireHeaders<const N extends string>(
  request: FastifyRequest,
  names: readonly N[],
  level: string,
): Record<N, string> {
  const values = {} as Record<N, string>;
  const missing: string[] = [];
  for (const name of names) {
    const value = header(request, name);
    if (value === undefined || value === '') missing.push(name);
    else values[name] = value;
  }
  if (missing.length > 0) {
    throw new ReplyError(
      'AUTH_HEADERS_MISSING',
      `${level} authentication needs ${names.join(', ')} (or the same names with ${REFERENCE_HEADER_PREFIX} for SVC_); missing: ${missing.join(', ')}.`,
    );
  }
  return values;
}

export function invalidHeader(name: string, rule: string): ReplyError {
  return new ReplyError('AUTH_HEADERS_INVALID', `${name} must be ${rule}.`);
}

/** Throws TIMESTAMP_OUT_OF_RANGE (with SVC_SERVER_TIME) unless `timestamp` is within the window. */
export function checkWindow(timestamp: number, maxAgeSeconds: number, maxAheadSeconds: number): void {
  const now = serverSeconds();
  const age = now - timestamp;
  let problem: string | null = null;
  if (!Number.isSafeInteger(timestamp)) problem = 'SVC_TIMESTAMP is nowhere near server time';
  else if (age > maxAgeSeconds) problem = `SVC_TIMESTAMP is ${age} s old; the window is ${maxAgeSeconds} s`;
  else if (-age > maxAheadSeconds)
    problem = `SVC_TIMESTAMP is ${-age} s ahead of server time; at most ${maxAheadSeconds} s ahead is accepted`;
  if (problem) {
    throw new ReplyError(
      'TIMESTAMP_OUT_OF_RANGE',
      `${problem}; server time is in the ${SERVER_TIME_HEADER} header: sign again with a current timestamp.`,
      { [SERVER_TIME_HEADER]: String(now) },
    );
  }
}
