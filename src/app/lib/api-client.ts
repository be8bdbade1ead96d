/** What the dashboard needs from the error body `{error, code}` (docs/api.md §7). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
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

function readErrorBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { error, code } = body as { error?: unknown; code?: unknown };
    if (typeof error === 'string' && typeof code === 'string') return new ApiError(status, code, error);
  }
  return new ApiError(status, status === 404 ? 'NOT_FOUND' : 'HTTP_ERROR', `The server answered ${status}.`);
}

export interface JsonResponse<T> {
  data: T;
  headers: Headers;
}

/** GET a JSON resource; a non-2xx answer becomes an ApiError carrying the contract's code and sentence. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<JsonResponse<T>> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new NetworkError('Could not reach the server. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw readErrorBody(response.status, body);
  return { data: body as T, headers: response.headers };
}
