import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { expectError, l1, newWallet, snapshot } from './test-helpers';

/** docs/api.md §5 rate limit and §1 CORS on the trading interface. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SVC_MASTER_KEY: '77'.repeat(32) });
});
afterAll(() => t?.close());

const randomIp = () => `172.${randomInt(16, 32)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const METHODS = ['GET', 'POST', 'DELETE'] as const;

describe('rate limit on /api-keys', () => {
  it('counts every request from an IP (accepted or rejected) and answers the 101st with 429 + Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({ method: METHODS[i % 3], url: '/clob/api-keys', remoteAddress: ip });
      expect(res.statusCode, `request ${i + 1}`).toBe(401);
    }
    const wallet = newWallet();
    const before = await snapshot(t.database.db);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/clob/api-keys',
      headers: await l1(wallet),
      remoteAddress: ip,
    });
    expectError(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 10).toBe(true);
    expect(limited.json().error).toMatch(/retry in \d+ s/);
    expect(await snapshot(t.database.db)).toEqual(before);

    // Another client is not affected, nor is GET /time.
    const other = await t.app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress: randomIp() });
    expect(other.statusCode).toBe(401);
    const time = await t.app.inject({ method: 'GET', url: '/clob/time', remoteAddress: ip });
    expect(time.statusCode).toBe(200);
  });

  it('counts other methods on /api-keys (405) too, and not 404s of other paths', async () => {
    const ip = randomIp();
    for (let i = 0; i < 100; i++) {
      const other = await t.app.inject({ method: 'PUT', url: '/clob/api-keys/x', remoteAddress: ip });
      expect(other.statusCode).toBe(404);
      const method = (['PUT', 'PATCH', 'HEAD', 'GET'] as const)[i % 4];
      const url = i % 5 === 0 ? '/clob/api%2Dkeys' : '/clob/api-keys';
      const res = await t.app.inject({ method, url, remoteAddress: ip });
      expect(res.statusCode, `request ${i + 1}: ${method} ${url}`).toBe(method === 'GET' ? 401 : 405);
      if (method !== 'GET') expect(res.headers.allow).toBe('POST, GET, DELETE');
    }
    expectError(
      await t.app.inject({ method: 'PUT', url: '/clob/api-keys', remoteAddress: ip }),
      429,
      'RATE_LIMITED',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress: ip }),
      429,
      'RATE_LIMITED',
    );
    expect(
      (await t.app.inject({ method: 'PUT', url: '/clob/api-keys/x', remoteAddress: ip })).statusCode,
    ).toBe(404);
  });

  it('is one count for /api-keys and the reference clients’ paths, every method included', async () => {
    const ip = randomIp();
    const requests = [
      ['POST', '/clob/auth/api-key', 401],
      ['GET', '/clob/auth/api-keys', 401],
      ['DELETE', '/clob/auth/api-key', 401],
      ['GET', '/clob/auth/derive-api-key', 404],
      ['GET', '/clob/auth/api-key', 405],
      ['PUT', '/clob/auth/api-keys', 405],
      ['POST', '/clob/auth/derive%2Dapi-key', 405],
      ['GET', '/clob/api-keys', 401],
    ] as const;
    for (let i = 0; i < 100; i++) {
      // Not counted: an unknown path below /auth.
      expect(
        (await t.app.inject({ method: 'GET', url: '/clob/auth/other', remoteAddress: ip })).statusCode,
      ).toBe(404);
      const [method, url, status] = requests[i % requests.length] as (typeof requests)[number];
      const res = await t.app.inject({ method, url, remoteAddress: ip });
      expect(res.statusCode, `request ${i + 1}: ${method} ${url}`).toBe(status);
    }
    for (const [method, url] of requests) {
      expectError(await t.app.inject({ method, url, remoteAddress: ip }), 429, 'RATE_LIMITED');
    }
  });

  it('does not count OPTIONS', async () => {
    const ip = randomIp();
    const preflight = {
      method: 'OPTIONS' as const,
      url: '/clob/api-keys',
      remoteAddress: ip,
      headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'POST' },
    };
    for (let i = 0; i < 120; i++) expect((await t.app.inject(preflight)).statusCode).toBe(204);
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress: ip });
      expect(res.statusCode, `request ${i + 1}`).toBe(401);
    }
    const res = await t.app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress: ip });
    expect(res.statusCode).toBe(429);
  });
});

describe.runIf(process.env.REDIS_URL)('rate limit shared through Redis', () => {
  it('two app instances count one client together', async () => {
    const env = { SVC_MASTER_KEY: '77'.repeat(32), REDIS_URL: process.env.REDIS_URL ?? '' };
    const first = await buildTestApp(env, t.database);
    const second = await buildTestApp(env, t.database);
    try {
      const ip = randomIp();
      for (let i = 0; i < 100; i++) {
        const app = i % 2 === 0 ? first.app : second.app;
        const res = await app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress: ip });
        expect(res.statusCode, `request ${i + 1}`).toBe(401);
      }
      for (const app of [first.app, second.app]) {
        const res = await app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress: ip });
        expectError(res, 429, 'RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('rate limit with Redis unreachable', () => {
  it('keeps serving (the limit fails open) instead of failing every request', async () => {
    const env = { SVC_MASTER_KEY: '77'.repeat(32), REDIS_URL: 'redis://127.0.0.1:18299' };
    const app = await buildTestApp(env, t.database);
    try {
      const res = await app.app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress: randomIp() });
      expectError(res, 401, 'AUTH_HEADERS_MISSING');
    } finally {
      await app.close();
    }
  });
});

describe('CORS on the trading interface', () => {
  const allowed = 'http://127.0.0.1:8080';
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/clob/api-keys',
      remoteAddress: randomIp(),
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'svc_address,svc_timestamp,svc_nonce,svc_signature,content-type',
      },
    });

  it('answers a preflight from the dashboard origin, allowing the SVC_* headers', async () => {
    for (const origin of [allowed, 'http://localhost:8080']) {
      const res = await preflight(origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      const headers = String(res.headers['access-control-allow-headers'])
        .toLowerCase()
        .split(/\s*,\s*/);
      for (const name of [
        'svc_address',
        'svc_timestamp',
        'svc_nonce',
        'svc_signature',
        'svc_api_key',
        'svc_passphrase',
        'content-type',
      ])
        expect(headers).toContain(name);
      expect(String(res.headers['access-control-allow-methods'])).toMatch(/DELETE/);
    }
  });

  it('allows the reference clients’ POLY_* spelling of every header in preflight', async () => {
    const names = [
      'poly_address',
      'poly_timestamp',
      'poly_nonce',
      'poly_signature',
      'poly_api_key',
      'poly_passphrase',
    ];
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/clob/auth/api-keys',
      remoteAddress: randomIp(),
      headers: {
        origin: allowed,
        'access-control-request-method': 'GET',
        'access-control-request-headers': names.join(','),
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    const headers = String(res.headers['access-control-allow-headers'])
      .toLowerCase()
      .split(/\s*,\s*/);
    for (const name of names) expect(headers).toContain(name);
  });

  it('exposes SVC_SERVER_TIME and Retry-After on actual requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/clob/time', headers: { origin: allowed } });
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase();
    expect(exposed).toContain('svc_server_time');
    expect(exposed).toContain('retry-after');
  });

  it('puts its CORS headers on 404 and 405 answers below the mount too, so the dashboard can read them', async () => {
    for (const [method, url, status] of [
      ['GET', '/clob/nowhere', 404],
      ['GET', '/clob/api-keys/x', 404],
      ['PUT', '/clob/time', 405],
      ['PATCH', '/clob/api-keys', 405],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: allowed },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.json().code).toBe(status === 404 ? 'NOT_FOUND' : 'METHOD_NOT_ALLOWED');
      expect(res.headers['access-control-allow-origin'], `${method} ${url}`).toBe(allowed);
    }
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/clob/nowhere',
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives another origin no Access-Control-Allow-Origin', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:8081', 'null']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url: '/clob/time', headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('follows CORS_ORIGINS when it is set', async () => {
    const custom = await buildTestApp(
      { SVC_MASTER_KEY: '77'.repeat(32), CORS_ORIGINS: 'https://desk.example' },
      t.database,
    );
    try {
      const ok = await custom.app.inject({
        method: 'GET',
        url: '/clob/time',
        headers: { origin: 'https://desk.example' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe('https://desk.example');
      const no = await custom.app.inject({ method: 'GET', url: '/clob/time', headers: { origin: allowed } });
      expect(no.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await custom.close();
    }
  });
});
