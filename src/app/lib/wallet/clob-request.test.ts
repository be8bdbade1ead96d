import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeyList } from '../../../contract/auth-schemas';
import { NetworkError } from '../api-client';
import { ClobError, clobRequest, parseRetryAfter } from './clob-request';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers })),
  );
}

describe('clobRequest', () => {
  it('turns the contract error body and its headers into a ClobError', async () => {
    answer(401, { error: 'Too old.', code: 'TIMESTAMP_OUT_OF_RANGE' }, { SVC_SERVER_TIME: '1234' });
    const error = await clobRequest(ApiKeyList, { method: 'GET', path: '/api-keys' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ClobError);
    expect(error).toMatchObject({
      status: 401,
      code: 'TIMESTAMP_OUT_OF_RANGE',
      message: 'Too old.',
      serverTime: 1234,
    });
  });

  it('reads Retry-After on 429', async () => {
    answer(429, { error: 'Slow down.', code: 'RATE_LIMITED' }, { 'Retry-After': '7' });
    await expect(clobRequest(ApiKeyList, { method: 'GET', path: '/api-keys' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 7,
    });
  });

  it('rejects a 2xx body that does not match the schema', async () => {
    answer(200, { apiKeys: 'nope' });
    await expect(clobRequest(ApiKeyList, { method: 'GET', path: '/api-keys' })).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
    });
  });

  it('sends the path under the clob base with the query and headers, and no cookies', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ apiKeys: [] }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await clobRequest(ApiKeyList, {
      method: 'DELETE',
      path: '/api-keys',
      query: { apiKey: 'k' },
      headers: { SVC_ADDRESS: '0xabc', SVC_NONCE: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/clob/api-keys?apiKey=k');
    expect(init).toMatchObject({ method: 'DELETE', credentials: 'omit', cache: 'no-store' });
    expect(init.headers).toEqual({ accept: 'application/json', SVC_ADDRESS: '0xabc' });
  });

  it('a failed fetch is a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(clobRequest(ApiKeyList, { method: 'GET', path: '/api-keys' })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:09 GMT', now)).toBe(9);
  });
});
