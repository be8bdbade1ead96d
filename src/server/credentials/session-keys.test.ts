import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKeyCredentials, ApiKeyList, MAX_SESSION_SECONDS } from '../../contract/auth-schemas';
import { buildTestApp, type TestApp } from '../test/app';
import { serverClock } from './clock';
import { MAX_ACTIVE_KEYS } from './key-store';
import { expectError, l1, l2, newWallet, nowSeconds, send, snapshot } from './test-helpers';
import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * Session keys (docs/api.md §5): POST /api-keys takes an optional body naming the key and
 * ending it within a day; an ended key stops authenticating and leaves the list and the limit.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SVC_MASTER_KEY: 'ef'.repeat(32) });
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

async function create(wallet: PrivateKeyAccount, body?: unknown, raw?: string) {
  return send(t.app, {
    method: 'POST',
    url: '/clob/api-keys',
    headers: {
      ...(await l1(wallet)),
      ...(body !== undefined || raw ? { 'content-type': 'application/json' } : {}),
    },
    ...(raw !== undefined ? { payload: raw } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

async function listed(wallet: PrivateKeyAccount, url = '/clob/api-keys') {
  const res = await send(t.app, { method: 'GET', url, headers: await l1(wallet) });
  expect(res.statusCode, res.body).toBe(200);
  return ApiKeyList.parse(res.json());
}

/** Moves the server's clock `seconds` ahead (the database's rows keep their real times). */
const later = (seconds: number) => {
  const now = Date.now();
  vi.spyOn(serverClock, 'nowMs').mockImplementation(() => now + seconds * 1000);
};

describe('session keys', () => {
  it('without a body, a key is as before: no label, no end; our list shows its details, the reference path only ids', async () => {
    const wallet = newWallet();
    const res = await create(wallet);
    expect(res.statusCode, res.body).toBe(201);
    const { apiKey } = ApiKeyCredentials.parse(res.json());
    const ours = await listed(wallet);
    expect(ours.apiKeys).toEqual([apiKey]);
    expect(ours.keys).toEqual([{ apiKey, label: null, createdAt: expect.any(String), expiresAt: null }]);
    expect(Math.abs(Date.parse(ours.keys![0]!.createdAt) / 1000 - nowSeconds())).toBeLessThan(5);
    expect(await listed(wallet, '/clob/auth/api-keys')).toEqual({ apiKeys: [apiKey] });
  });

  it('takes a label and a life of at most a day, and lists both', async () => {
    const wallet = newWallet();
    const res = await create(wallet, { label: 'Dashboard session', expiresIn: 3600 });
    expect(res.statusCode, res.body).toBe(201);
    const [key] = (await listed(wallet)).keys!;
    expect(key).toMatchObject({ label: 'Dashboard session' });
    expect(Date.parse(key!.expiresAt!) / 1000 - nowSeconds()).toBeGreaterThan(3590);
    expect(Date.parse(key!.expiresAt!) / 1000 - nowSeconds()).toBeLessThanOrEqual(3600);
    const day = await create(wallet, { expiresIn: MAX_SESSION_SECONDS });
    expect(day.statusCode, day.body).toBe(201);
  });

  it.each([
    ['an unknown field', { label: 'x', expiresin: 60 }],
    ['a life of 0', { expiresIn: 0 }],
    ['a life under a minute', { expiresIn: 59 }],
    ['a life over a day', { expiresIn: MAX_SESSION_SECONDS + 1 }],
    ['a fractional life', { expiresIn: 60.5 }],
    ['a life as text', { expiresIn: '3600' }],
    ['an empty label', { label: '' }],
    ['a label of 101 characters', { label: 'x'.repeat(101) }],
    ['a label with a control character', { label: 'a\u0000b' }],
    ['an array', [{ label: 'x' }]],
    ['replaceOldest as text', { label: 'x', replaceOldest: 'true' }],
  ])('refuses %s with INVALID_BODY, creating nothing and using nothing up', async (_what, body) => {
    const wallet = newWallet();
    const before = await snapshot(t.database.db);
    const res = await create(wallet, body);
    expectError(res, 400, 'INVALID_BODY');
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('takes JSON null as no body', async () => {
    const res = await create(newWallet(), undefined, 'null');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a body that is not JSON with INVALID_BODY', async () => {
    const before = await snapshot(t.database.db);
    expectError(await create(newWallet(), undefined, '{label:'), 400, 'INVALID_BODY');
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('at the limit, a create revokes the oldest replaceable key, and never a key made without the flag', async () => {
    const wallet = newWallet();
    const session = { label: 'Dashboard session', expiresIn: 3600, replaceOldest: true };
    const own = ApiKeyCredentials.parse((await create(wallet, { label: 'my bot' })).json());
    const sessions: ApiKeyCredentials[] = [];
    for (let i = 1; i < MAX_ACTIVE_KEYS; i++) {
      const res = await create(wallet, session);
      expect(res.statusCode, res.body).toBe(201);
      sessions.push(ApiKeyCredentials.parse(res.json()));
    }
    // A key of one's own, as the Keys page or a client makes it (no body): the oldest session gives way.
    const mine = await create(wallet);
    expect(mine.statusCode, mine.body).toBe(201);
    const second = ApiKeyCredentials.parse(mine.json());
    // Another session: the next oldest session gives way; the person's own keys are never the ones.
    const fresh = await create(wallet, session);
    expect(fresh.statusCode, fresh.body).toBe(201);
    const { apiKey } = ApiKeyCredentials.parse(fresh.json());
    expect((await listed(wallet)).apiKeys).toEqual([
      own.apiKey,
      ...sessions.slice(2).map((k) => k.apiKey),
      second.apiKey,
      apiKey,
    ]);
    // The replaced key no longer authenticates.
    const replaced = await send(t.app, {
      method: 'GET',
      url: '/clob/api-keys',
      headers: (await l2(sessions[0]!, {
        method: 'GET',
        path: '/api-keys',
        timestamp: nowSeconds(),
      })) as Record<string, string>,
    });
    expectError(replaced, 401, 'API_KEY_REVOKED');
  });

  it('at the limit with no replaceable key, the limit stands, with the flag or without, and nothing changes', async () => {
    const wallet = newWallet();
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++)
      expect((await create(wallet, { label: `bot ${i}` })).statusCode).toBe(201);
    const before = await snapshot(t.database.db);
    expectError(
      await create(wallet, { label: 'Dashboard session', replaceOldest: true }),
      409,
      'KEY_LIMIT_REACHED',
    );
    expectError(await create(wallet), 409, 'KEY_LIMIT_REACHED');
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('an ended key stops authenticating, and leaves the list and the limit', async () => {
    const wallet = newWallet();
    const keys: ApiKeyCredentials[] = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) {
      const res = await create(wallet, { label: `s${i}`, expiresIn: 60 });
      expect(res.statusCode, res.body).toBe(201);
      keys.push(ApiKeyCredentials.parse(res.json()));
    }
    expectError(await create(wallet), 409, 'KEY_LIMIT_REACHED');
    const signed = async () =>
      send(t.app, {
        method: 'GET',
        url: '/clob/api-keys',
        headers: (await l2(keys[0]!, {
          method: 'GET',
          path: '/api-keys',
          timestamp: Math.floor(serverClock.nowMs() / 1000),
        })) as Record<string, string>,
      });
    expect((await signed()).statusCode).toBe(200);

    later(61);
    const ended = await signed();
    expectError(ended, 401, 'API_KEY_REVOKED');
    expect(ended.json().error).toMatch(/session key that ended at/);
    expect((await listed(wallet)).apiKeys).toEqual([]);
    const fresh = await create(wallet);
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((await listed(wallet)).apiKeys).toEqual([ApiKeyCredentials.parse(fresh.json()).apiKey]);
  });
});
