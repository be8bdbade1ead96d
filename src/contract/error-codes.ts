/**
 * Every error code of docs/api.md §7 with its HTTP status, and the error body's check. No zod here:
 * the catalog pages use this, and their bundle stays free of the schema library
 * (src/architecture.test.ts enforces it).
 */
export const ERROR_STATUS = {
  INVALID_PARAMETER: 400,
  INVALID_BODY: 400,
  INVALID_ORDER: 400,
  ORDER_DUPLICATED: 400,
  NOT_ENOUGH_BALANCE: 400,
  ORDER_NOT_FILLED: 400,
  POST_ONLY_CROSSES: 400,
  HEARTBEAT_INVALID: 400,
  AUTH_HEADERS_MISSING: 401,
  AUTH_HEADERS_INVALID: 401,
  L1_SIGNATURE_INVALID: 401,
  SIGNATURE_REUSED: 401,
  TIMESTAMP_OUT_OF_RANGE: 401,
  API_KEY_UNKNOWN: 401,
  API_KEY_REVOKED: 401,
  PASSPHRASE_INVALID: 401,
  L2_SIGNATURE_INVALID: 401,
  ADDRESS_MISMATCH: 401,
  NOT_FOUND: 404,
  EVENT_NOT_FOUND: 404,
  TAG_NOT_FOUND: 404,
  SERIES_NOT_FOUND: 404,
  MARKET_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  ORDERBOOK_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  KEY_LIMIT_REACHED: 409,
  BODY_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Every error's body, on both interfaces. */
export interface ErrorBody {
  /** A sentence a person can act on. */
  error: string;
  code: ErrorCode;
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);

export function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object') return false;
  const { error, code } = value as Record<string, unknown>;
  return typeof error === 'string' && isErrorCode(code);
}
