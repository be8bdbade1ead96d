import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyCredentials, ApiKeyList } from '../../contract/auth-schemas';
import { buildTestApp, type TestApp } from '../test/app';
import {
  createKey,
  expectError,
  inReferenceSpelling,
  l1,
  l2,
  newWallet,
  send,
  snapshot,
} from './test-helpers';

/**
 * The reference clients' trading dialect (docs/api.md §9): POLY_ headers and the /auth/… key paths, which
 * behave as our own paths do. Refusals are in negative.test.ts, the shared rate limit and CORS in
 * rate-limit-cors.test.ts, the clients themselves in compat/reference-clients.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SVC_MASTER_KEY: '5d'.repeat(32) });
});
afterAll(() => t?.close());

describe('the reference clients’ key paths with POLY_ headers', () => {
  it('POST /auth/api-key creates a key over L1 and answers 200 (not 201) with the credentials', async () => {
    const wallet = newWallet();
    const res = await send(t.app, {
      method: 'POST',
      url: '/clob/auth/api-key',
      headers: inReferenceSpelling(await l1(wallet)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = ApiKeyCredentials.parse(res.json());
    const listed = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: await l1(wallet) });
    expect(listed.json()).toMatchObject({ apiKeys: [created.apiKey] });
  });

  it('GET /auth/api-keys lists the same keys as GET /api-keys, over L1 and over L2 signed for the alias', async () => {
    const wallet = newWallet();
    const a = await createKey(t.app, wallet);
    const b = await createKey(t.app, wallet);
    const viaL1 = await send(t.app, {
      method: 'GET',
      url: '/clob/auth/api-keys',
      headers: inReferenceSpelling(await l1(wallet)),
    });
    expect(viaL1.statusCode, viaL1.body).toBe(200);
    expect(ApiKeyList.parse(viaL1.json())).toEqual({ apiKeys: [a.apiKey, b.apiKey] });
    // As the clients send it: POLY_ADDRESS with L2 too, in the checksum case of the wallet.
    const headers = await l2(b, { method: 'GET', path: '/auth/api-keys', address: wallet.address });
    const viaL2 = await send(t.app, {
      method: 'GET',
      url: '/clob/auth/api-keys',
      headers: inReferenceSpelling(headers),
    });
    expect(viaL2.statusCode, viaL2.body).toBe(200);
    expect(viaL2.json()).toEqual({ apiKeys: [a.apiKey, b.apiKey] });
    expect(viaL2.headers['cache-control']).toBe('no-store');
  });

  it('DELETE /auth/api-key revokes over L2 (the signing key) and over L1 (?apiKey=)', async () => {
    const wallet = newWallet();
    const [a, b, c] = [
      await createKey(t.app, wallet),
      await createKey(t.app, wallet),
      await createKey(t.app, wallet),
    ];
    const self = await send(t.app, {
      method: 'DELETE',
      url: '/clob/auth/api-key',
      headers: inReferenceSpelling(await l2(a, { method: 'DELETE', path: '/auth/api-key' })),
    });
    expect(self.statusCode, self.body).toBe(200);
    // The reference SDK reads this answer as the JSON string "OK".
    expect(self.json()).toBe('OK');
    const named = await send(t.app, {
      method: 'DELETE',
      url: `/clob/auth/api-key?apiKey=${b.apiKey}`,
      headers: inReferenceSpelling(await l1(wallet)),
    });
    expect(named.json()).toBe('OK');
    const listed = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: await l1(wallet) });
    expect(listed.json()).toMatchObject({ apiKeys: [c.apiKey] });
  });

  it('accepts a mix of spellings, and one header in both spellings with the same value', async () => {
    const wallet = newWallet();
    const headers = await l1(wallet);
    const mixed = {
      SVC_ADDRESS: headers.SVC_ADDRESS,
      POLY_TIMESTAMP: headers.SVC_TIMESTAMP,
      SVC_NONCE: headers.SVC_NONCE,
      POLY_NONCE: headers.SVC_NONCE,
      POLY_SIGNATURE: headers.SVC_SIGNATURE,
    };
    const res = await send(t.app, { method: 'POST', url: '/clob/api-keys', headers: mixed });
    expect(res.statusCode, res.body).toBe(201);
    const key = ApiKeyCredentials.parse(res.json());
    const l2Headers = await l2(key, { method: 'GET', path: '/api-keys' });
    const both = { ...l2Headers, ...inReferenceSpelling(l2Headers) };
    const listed = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: both as never });
    expect(listed.statusCode, listed.body).toBe(200);
  });
});

describe('GET /auth/derive-api-key', () => {
  it('answers 404 NOT_FOUND saying a key cannot be derived here and to create one, and changes nothing', async () => {
    const wallet = newWallet();
    await createKey(t.app, wallet);
    const headers = inReferenceSpelling(await l1(wallet, { nonce: 0 }));
    const before = await snapshot(t.database.db);
    for (const sent of [headers, {}]) {
      const res = await send(t.app, { method: 'GET', url: '/clob/auth/derive-api-key', headers: sent });
      expectError(res, 404, 'NOT_FOUND');
      expect(res.json().error).toMatch(/cannot be derived/);
      expect(res.json().error).toMatch(/POST \/auth\/api-key/);
    }
    expect(await snapshot(t.database.db)).toEqual(before);
    // The authorisation it carried is still unused: what createOrDeriveApiKey falls back from works.
    const created = await send(t.app, { method: 'POST', url: '/clob/auth/api-key', headers });
    expect(created.statusCode, created.body).toBe(200);
  });
});

describe('other methods on the reference paths', () => {
  it('answer 405 with the path’s own methods in Allow', async () => {
    for (const [method, url, allow] of [
      ['GET', '/clob/auth/api-key', 'POST, DELETE'],
      ['PUT', '/clob/auth/api-key', 'POST, DELETE'],
      ['POST', '/clob/auth/api-keys', 'GET'],
      ['DELETE', '/clob/auth/api-keys', 'GET'],
      ['POST', '/clob/auth/derive-api-key', 'GET'],
    ] as const) {
      const res = await send(t.app, { method, url });
      expectError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
    }
    expectError(await send(t.app, { method: 'GET', url: '/clob/auth/other' }), 404, 'NOT_FOUND');
  });
});
