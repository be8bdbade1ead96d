import { type ErrorCode, isErrorBody } from '../../contract/error-codes';

/**
 * The code of a refused request: the contract's (docs/api.md §7), or, when the answer was not the
 * error body at all (a proxy's HTML page, say), HTTP_ERROR; UNEXPECTED_RESPONSE for a success body
 * that is not what was asked for.
 */
export type ResponseErrorCode = ErrorCode | 'HTTP_ERROR' | 'UNEXPECTED_RESPONSE';

/** An HTTP answer that refused the request, with the contract's code and sentence. */
export class ApiResponseError extends Error {
  override readonly name = 'ApiResponseError';
  constructor(
    readonly status: number,
    readonly code: ResponseErrorCode,
    message: string,
  ) {
    super(message);
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** The request never got an HTTP answer (offline, DNS, CORS…). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

function readErrorBody(status: number, body: unknown): ApiResponseError {
  if (isErrorBody(body)) return new ApiResponseError(status, body.code, body.error);
  return new ApiResponseError(
    status,
    status === 404 ? 'NOT_FOUND' : 'HTTP_ERROR',
    `The server answered ${status}.`,
  );
}

/** How requests travel: the browser's fetch, read at each call (tests stub it). */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Sends the dashboard's requests through `next` from now on, in this process: the server's renderer
 * (entry-server.tsx) answers catalog reads in-process instead of over the network.
 */
export function setTransport(next: Transport): void {
  transport = next;
}

export interface JsonResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * GET a JSON resource and read it with `decode`, once, where it arrives. A non-2xx answer becomes an
 * ApiResponseError carrying the contract's code and sentence; a 2xx body `decode` cannot read
 * (null) becomes UNEXPECTED_RESPONSE.
 */
export async function getJson<T>(
  url: string,
  decode: (body: unknown) => T | null,
  signal?: AbortSignal,
): Promise<JsonResponse<T>> {
  let response: Response;
  try {
    response = await transport(url, { signal: signal ?? null, headers: { accept: 'application/json' } });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new NetworkError('Could not reach the server. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw readErrorBody(response.status, body);
  const data = decode(body);
  if (data === null)
    throw new ApiResponseError(
      response.status,
      'UNEXPECTED_RESPONSE',
      'The server sent an answer this page does not understand.',
    );
  return { data, headers: response.headers };
}
