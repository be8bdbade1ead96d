import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../contract/auth-base64';
import { ApiKeyList, RevokedApiKey, ServerTime } from '../../contract/auth-schemas';
import { buildTestApp, type TestApp } from '../test/app';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';
import { insertApiKeyWithinLimit } from './key-store';
import { serializeKeyList } from './api-key-routes';
import { createKey, l1, l2, newWallet, nowSeconds, send } from './test-helpers';

/** Positive paths of the trading interface (docs/api.md §5), on PGlite or PostgreSQL. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SVC_MASTER_KEY: 'cd'.repeat(32) });
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
const asHeaders = (h: object) => h as Headers;

describe('GET /time', () => {
  it('answers the server time as a bare JSON integer', async () => {
    const res = await send(t.app, { method: 'GET', url: '/clob/time' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatch(/^\d+$/);
    expect(Math.abs(ServerTime.parse(res.json()) - nowSeconds())).toBeLessThanOrEqual(2);
  });
});

describe('GET /', () => {
  it('answers the reference’s health body, "OK"', async () => {
    const res = await send(t.app, { method: 'GET', url: '/clob/' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe('OK');
  });
});

describe('the key lifecycle', () => {
  it('creates keys (201, fresh credentials each time) and lists them oldest first over L1 and L2', async () => {
    const wallet = newWallet();
    const a = await createKey(t.app, wallet);
    const b = await createKey(t.app, wallet);
    expect(new Set([a.apiKey, b.apiKey, a.secret, b.secret, a.passphrase, b.passphrase]).size).toBe(6);
    expect(a.apiKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.secret).toHaveLength(44);
    expect(base64ToBytes(a.secret)).toHaveLength(32);

    const viaL1 = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: await l1(wallet) });
    expect(viaL1.statusCode).toBe(200);
    expect(ApiKeyList.parse(viaL1.json())).toMatchObject({ apiKeys: [a.apiKey, b.apiKey] });
    const viaL2 = await send(t.app, {
      method: 'GET',
      url: '/clob/api-keys',
      headers: asHeaders(await l2(b, { method: 'GET', path: '/api-keys' })),
    });
    expect(viaL2.json()).toMatchObject({ apiKeys: [a.apiKey, b.apiKey] });
    expect(viaL2.body).not.toContain(b.secret);
    expect(viaL2.headers['cache-control']).toBe('no-store');
  });

  it('ignores a body on the reference path, and accepts the address in any hex case', async () => {
    const wallet = newWallet();
    const headers = await l1(wallet);
    const res = await send(t.app, {
      method: 'POST',
      url: '/clob/auth/api-key',
      headers: {
        ...headers,
        SVC_ADDRESS: wallet.address.toUpperCase().replace('0X', '0x'),
        'content-type': 'application/json',
      },
      payload: '{"anything": true}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('revokes with L1 ?apiKey=, with L2 ?apiKey= of the same owner, and with L2 itself', async () => {
    const wallet = newWallet();
    const [a, b, c, d] = [
      await createKey(t.app, wallet),
      await createKey(t.app, wallet),
      await createKey(t.app, wallet),
      await createKey(t.app, wallet),
    ];
    if (!a || !b || !c || !d) throw new Error('keys');

    const byL1 = await send(t.app, {
      method: 'DELETE',
      url: `/clob/api-keys?apiKey=${a.apiKey}`,
      headers: await l1(wallet),
    });
    expect(byL1.statusCode).toBe(200);
    expect(RevokedApiKey.parse(byL1.json())).toEqual({ apiKey: a.apiKey, revoked: true });

    // Two timestamps fixed apart: within one second both revocations would carry one signature (the
    // query is not signed), and a state-changing L2 signature is accepted once (docs/api.md §3).
    // Each read from the clock, they met whenever a second ended between the two reads.
    const timestamp = nowSeconds();
    const byOther = await send(t.app, {
      method: 'DELETE',
      url: `/clob/api-keys?apiKey=${b.apiKey.toUpperCase()}`,
      headers: asHeaders(await l2(c, { method: 'DELETE', path: '/api-keys', timestamp })),
    });
    expect(byOther.json()).toEqual({ apiKey: b.apiKey, revoked: true });

    const bySelf = await send(t.app, {
      method: 'DELETE',
      url: '/clob/api-keys',
      headers: asHeaders(await l2(c, { method: 'DELETE', path: '/api-keys', timestamp: timestamp - 1 })),
    });
    expect(bySelf.json()).toEqual({ apiKey: c.apiKey, revoked: true });

    for (const gone of [a, b, c]) {
      const res = await send(t.app, {
        method: 'GET',
        url: '/clob/api-keys',
        headers: asHeaders(await l2(gone, { method: 'GET', path: '/api-keys' })),
      });
      expect(res.json().code).toBe('API_KEY_REVOKED');
    }
    const list = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: await l1(wallet) });
    expect(list.json()).toMatchObject({ apiKeys: [d.apiKey] });
  });
});

describe('reads see every change at once (the embedded database caches key reads)', () => {
  it('list and key lookups after each create and revoke', async () => {
    const wallet = newWallet();
    const first = await createKey(t.app, wallet);
    const list = async () => {
      const res = await send(t.app, {
        method: 'GET',
        url: '/clob/api-keys',
        headers: asHeaders(await l2(first, { method: 'GET', path: '/api-keys' })),
      });
      return res.statusCode === 200 ? res.json().apiKeys : res.json().code;
    };
    expect(await list()).toEqual([first.apiKey]);
    const second = await createKey(t.app, wallet);
    expect(await list()).toEqual([first.apiKey, second.apiKey]);
    const secondUse = async () =>
      (
        await send(t.app, {
          method: 'GET',
          url: '/clob/api-keys',
          headers: asHeaders(await l2(second, { method: 'GET', path: '/api-keys' })),
        })
      ).statusCode;
    expect(await secondUse()).toBe(200);
    const revoke = await send(t.app, {
      method: 'DELETE',
      url: `/clob/api-keys?apiKey=${second.apiKey}`,
      headers: await l1(wallet),
    });
    expect(revoke.statusCode).toBe(200);
    expect(await secondUse()).toBe(401);
    expect(await list()).toEqual([first.apiKey]);
    const self = await send(t.app, {
      method: 'DELETE',
      url: '/clob/api-keys',
      headers: asHeaders(await l2(first, { method: 'DELETE', path: '/api-keys' })),
    });
    expect(self.statusCode).toBe(200);
    expect(await list()).toBe('API_KEY_REVOKED');
  });
});

describe('L2 signature encodings and bodies', () => {
  it('accepts padded and unpadded, base64url and standard base64 signatures', async () => {
    const wallet = newWallet();
    const key = await createKey(t.app, wallet);
    // Retry until the MAC contains both url-specific characters, so every alphabet really differs.
    let headers = asHeaders(await l2(key, { method: 'GET', path: '/api-keys' }));
    for (let ts = nowSeconds() - 50; !/[-_]/.test(headers.SVC_SIGNATURE ?? ''); ts++) {
      headers = asHeaders(await l2(key, { method: 'GET', path: '/api-keys', timestamp: ts }));
    }
    const padded = headers.SVC_SIGNATURE ?? '';
    const standard = bytesToBase64(base64ToBytes(padded) ?? new Uint8Array());
    const forms = [padded, padded.replace(/=+$/, ''), standard, standard.replace(/=+$/, '')];
    expect(new Set(forms).size).toBe(4);
    for (const signature of forms) {
      const res = await send(t.app, {
        method: 'GET',
        url: '/clob/api-keys',
        headers: { ...headers, SVC_SIGNATURE: signature },
      });
      expect(res.statusCode, `${signature}: ${res.body}`).toBe(200);
    }
  });

  it('signs the raw body byte for byte (JSON and other content types), and SVC_ADDRESS in any case', async () => {
    const wallet = newWallet();
    const [a, b] = [await createKey(t.app, wallet), await createKey(t.app, wallet)];
    if (!a || !b) throw new Error('keys');
    const body = '{ "reason":  "rotating keys", "x": "é" }';
    const res = await send(t.app, {
      method: 'DELETE',
      url: `/clob/api-keys?apiKey=${a.apiKey}`,
      headers: {
        ...asHeaders(
          await l2(b, { method: 'DELETE', path: '/api-keys', body, address: wallet.address.toLowerCase() }),
        ),
        'content-type': 'application/json; charset=utf-8',
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = 'plain text, not JSON {';
    const self = await send(t.app, {
      method: 'DELETE',
      url: '/clob/api-keys',
      headers: {
        ...asHeaders(await l2(b, { method: 'DELETE', path: '/api-keys', body: text })),
        'content-type': 'text/plain',
      },
      payload: text,
    });
    expect(self.statusCode, self.body).toBe(200);
  });
});

describe('concurrency', () => {
  it('concurrent creates of one address never pass 10 active keys', async () => {
    const wallet = newWallet();
    const headers = await Promise.all(Array.from({ length: 14 }, () => l1(wallet)));
    const results = await Promise.all(
      headers.map((h) => send(t.app, { method: 'POST', url: '/clob/api-keys', headers: h })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    const list = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: await l1(wallet) });
    expect(list.json().apiKeys).toHaveLength(10);
  });

  it('the limit holds when the store is raced directly (no signature work in between)', async () => {
    // On PostgreSQL these transactions run on separate pooled connections at the same time.
    const address = newWallet().address.toLowerCase();
    const row = () => ({ apiKey: randomUUID(), address, passphraseHash: 'x', secretCiphertext: 'y' });
    const insert = () =>
      t.database.db
        .transaction((tx) => insertApiKeyWithinLimit(tx as unknown as Db, row()))
        .then(
          () => 'ok',
          (err: { code?: string }) => err.code ?? 'error',
        );
    const results = await Promise.all(Array.from({ length: 16 }, insert));
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === 'KEY_LIMIT_REACHED')).toHaveLength(6);
  });
});

describe('used L1 authorisations', () => {
  it('are pruned once past the window, and kept while still inside it', async () => {
    const now = nowSeconds();
    const address = newWallet().address.toLowerCase();
    await t.database.db.execute(
      sql`INSERT INTO used_signatures (address, timestamp, nonce) VALUES (${address}, ${now - 3600}, '1'), (${address}, ${now - 290}, '2'), (${address}, ${now - 200}, '3')`,
    );
    // A fresh app instance has not pruned yet: its first successful L1 request does.
    const fresh = await buildTestApp({ SVC_MASTER_KEY: 'cd'.repeat(32) }, t.database);
    try {
      const res = await send(fresh.app, {
        method: 'GET',
        url: '/clob/api-keys',
        headers: await l1(newWallet()),
      });
      expect(res.statusCode).toBe(200);
      const left = async () =>
        (
          await rows<{ nonce: string }>(
            t.database.db,
            sql`SELECT nonce FROM used_signatures WHERE address = ${address} ORDER BY nonce`,
          )
        ).map((r) => r.nonce);
      for (let i = 0; i < 50 && (await left()).includes('1'); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await left()).toEqual(['2', '3']);
    } finally {
      await fresh.close();
    }
  });
});

describe('routes and documents', () => {
  it('answers 405 for other methods and 404 for other paths, with the error body', async () => {
    const put = await send(t.app, { method: 'PUT', url: '/clob/api-keys' });
    expect(put.statusCode).toBe(405);
    expect(put.json().code).toBe('METHOD_NOT_ALLOWED');
    const post = await send(t.app, { method: 'POST', url: '/clob/time' });
    expect(post.json().code).toBe('METHOD_NOT_ALLOWED');
    const nowhere = await send(t.app, { method: 'GET', url: '/clob/api-keys/x' });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().code).toBe('NOT_FOUND');
  });

  it('serves an OpenAPI 3 document of the trading interface from the same schemas', async () => {
    const res = await send(t.app, { method: 'GET', url: '/clob/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/clob' }]);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/',
        '/api-keys',
        '/auth/api-key',
        '/auth/api-keys',
        '/auth/derive-api-key',
        '/prices-history',
        '/time',
        '/ws/market',
        '/ws/user',
        // The order book (docs/api.md, the order book).
        ...['/book', '/books', '/price', '/prices', '/midpoint', '/midpoints', '/spread', '/spreads'],
        ...['/last-trade-price', '/last-trades-prices', '/tick-size', '/neg-risk', '/fee-rate'],
        ...['/order', '/orders', '/cancel-all', '/cancel-market-orders'],
        ...['/data/orders', '/data/order/{id}', '/data/trades', '/data/positions', '/data/summary'],
        ...['/balance-allowance', '/balance-allowance/update'],
        ...[
          '/live-activity/events/{condition_id}',
          '/markets',
          '/markets/{condition_id}',
          '/simplified-markets',
        ],
        ...['/sampling-markets', '/sampling-simplified-markets'],
        ...['/clob-markets/{condition_id}', '/markets-by-token/{token_id}'],
        ...['/fees/builder-fees/{builder_code}', '/auth/ban-status/closed-only'],
        ...['/v1/heartbeats', '/heartbeats'],
        ...['/order-scoring', '/orders-scoring', '/notifications'],
        ...['/rewards/markets/current', '/rewards/markets/{condition_id}', '/rewards/user'],
        ...['/rewards/user/total', '/rewards/user/markets', '/rewards/user/percentages'],
      ].sort(),
    );
    expect(Object.keys(doc.paths['/api-keys']).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(doc.paths['/auth/api-key']).sort()).toEqual(['delete', 'post']);
    const created = doc.paths['/api-keys'].post.responses['201'].content['application/json'].schema;
    expect(created.required).toEqual(['apiKey', 'secret', 'passphrase']);
    // The reference clients' path answers 200 with the same body.
    const aliasCreated = doc.paths['/auth/api-key'].post.responses['200'].content['application/json'].schema;
    expect(aliasCreated).toEqual(created);
    expect(doc.paths['/api-keys'].delete.parameters).toEqual([
      expect.objectContaining({ name: 'apiKey', in: 'query', required: false }),
    ]);
    expect(doc.components.securitySchemes).toHaveProperty('L1');
    expect(doc.info.description).toContain('domain name "ClobAuthDomain"');
    // None of the catalog's (its /markets is the trading interface's own listing, its /live-activity/events a market's fills).
    expect(JSON.stringify(doc)).not.toMatch(/\/gamma|"\/(events|tags|series)/);
  });
});

describe('the key list serializer', () => {
  it('writes what the zod serializer writes, and refuses anything but a list of keys', () => {
    for (const n of [0, 1, 10]) {
      const value = { apiKeys: Array.from({ length: n }, () => randomUUID()), extra: 'never sent' };
      expect(serializeKeyList(value)).toBe(JSON.stringify(ApiKeyList.parse(value)));
    }
    expect(() => serializeKeyList({ apiKeys: ['not-a-key'] })).toThrow();
    expect(() => serializeKeyList({ apiKeys: [42] })).toThrow();
    expect(() => serializeKeyList({})).toThrow();
    expect(() => serializeKeyList(null)).toThrow();
  });
});
