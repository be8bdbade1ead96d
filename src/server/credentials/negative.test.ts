import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildClobAuthTypedData, l1HeadersFromSignature } from '../../contract/auth';
import type { ApiCredentials } from '../../contract/auth-l2';
import { buildTestApp, type TestApp } from '../test/app';
import { serverClock } from './clock';
import {
  CHAIN_ID,
  createKey,
  expectError,
  inReferenceSpelling,
  l1,
  l2,
  newWallet,
  nowSeconds,
  send,
  snapshot,
} from './test-helpers';

/**
 * The negative matrix of the trading interface: every case asserts status, code and that nothing changed (no key
 * created or revoked, no L1 authorisation marked used).
 */

let t: TestApp;
let owner: PrivateKeyAccount;
let other: PrivateKeyAccount;
let ownerKey: ApiCredentials;
let otherKey: ApiCredentials;
let revokedKey: ApiCredentials;

type Headers = Record<string, string>;
const asHeaders = (h: object) => h as Headers;

beforeAll(async () => {
  t = await buildTestApp({ SVC_MASTER_KEY: 'ab'.repeat(32) });
  owner = newWallet();
  other = newWallet();
  ownerKey = await createKey(t.app, owner);
  otherKey = await createKey(t.app, other);
  revokedKey = await createKey(t.app, owner);
  const res = await send(t.app, {
    method: 'DELETE',
    url: '/clob/api-keys',
    headers: asHeaders(await l2(revokedKey, { method: 'DELETE', path: '/api-keys' })),
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

async function expectRejected(request: InjectOptions, status: number, code: string) {
  const before = await snapshot(t.database.db);
  const res = await send(t.app, request);
  expectError(res, status, code);
  expect(await snapshot(t.database.db)).toEqual(before);
  return res;
}

const post = (headers: Headers, extra: Partial<InjectOptions> = {}): InjectOptions => ({
  method: 'POST',
  url: '/clob/api-keys',
  headers,
  ...extra,
});

function without(headers: Headers, name: string): Headers {
  const copy = { ...headers };
  delete copy[name];
  return copy;
}

describe('Level 1: missing and malformed headers', () => {
  for (const name of ['SVC_ADDRESS', 'SVC_TIMESTAMP', 'SVC_NONCE', 'SVC_SIGNATURE']) {
    it(`missing ${name} → 401 AUTH_HEADERS_MISSING`, async () => {
      const res = await expectRejected(post(without(await l1(owner), name)), 401, 'AUTH_HEADERS_MISSING');
      expect(res.json().error).toContain(name);
    });
  }

  it('no headers at all → 401 AUTH_HEADERS_MISSING on every /api-keys method', async () => {
    for (const method of ['POST', 'GET', 'DELETE'] as const) {
      await expectRejected(
        { method, url: `/clob/api-keys?apiKey=${ownerKey.apiKey}` },
        401,
        'AUTH_HEADERS_MISSING',
      );
    }
  });

  const malformed: [string, string][] = [
    ['SVC_ADDRESS', 'not-an-address'],
    ['SVC_ADDRESS', '0x1234'],
    ['SVC_ADDRESS', `0x${'g'.repeat(40)}`],
    ['SVC_TIMESTAMP', 'yesterday'],
    ['SVC_TIMESTAMP', '-1'],
    ['SVC_TIMESTAMP', '1.5'],
    ['SVC_TIMESTAMP', '+1700000000'],
    ['SVC_NONCE', 'abc'],
    ['SVC_NONCE', '-1'],
    ['SVC_NONCE', '007'],
    ['SVC_NONCE', (2n ** 256n).toString()],
    ['SVC_SIGNATURE', 'deadbeef'],
    ['SVC_SIGNATURE', '0xnothex'],
  ];
  for (const [name, value] of malformed) {
    it(`${name}=${value.slice(0, 20)} → 401 AUTH_HEADERS_INVALID`, async () => {
      const res = await expectRejected(
        post({ ...(await l1(owner)), [name]: value }),
        401,
        'AUTH_HEADERS_INVALID',
      );
      expect(res.json().error).toContain(name);
    });
  }
});

describe('Level 1: signatures that do not verify', () => {
  it('hex of the wrong length → L1_SIGNATURE_INVALID', async () => {
    await expectRejected(
      post({ ...(await l1(owner)), SVC_SIGNATURE: '0x1234' }),
      401,
      'L1_SIGNATURE_INVALID',
    );
  });

  it('signer ≠ SVC_ADDRESS → L1_SIGNATURE_INVALID', async () => {
    const headers = await l1(other);
    await expectRejected(post({ ...headers, SVC_ADDRESS: owner.address }), 401, 'L1_SIGNATURE_INVALID');
  });

  it('wrong chainId (the reference’s real-money chain) → L1_SIGNATURE_INVALID', async () => {
    await expectRejected(post(await l1(owner, { chainId: 137 })), 401, 'L1_SIGNATURE_INVALID');
  });

  it('wrong message text → L1_SIGNATURE_INVALID', async () => {
    const fields = { address: owner.address, timestamp: String(nowSeconds()), nonce: 1n };
    const typed = buildClobAuthTypedData({ ...fields, chainId: CHAIN_ID });
    const signature = await owner.signTypedData({
      ...typed,
      message: { ...typed.message, message: 'This message attests that I control the given wallet!' },
    });
    await expectRejected(post(l1HeadersFromSignature(fields, signature)), 401, 'L1_SIGNATURE_INVALID');
  });

  it('timestamp or nonce changed after signing → L1_SIGNATURE_INVALID', async () => {
    const headers = await l1(owner, { nonce: 5n });
    await expectRejected(post({ ...headers, SVC_NONCE: '6' }), 401, 'L1_SIGNATURE_INVALID');
    const stamp = String(Number(headers.SVC_TIMESTAMP) - 1);
    await expectRejected(post({ ...headers, SVC_TIMESTAMP: stamp }), 401, 'L1_SIGNATURE_INVALID');
  });

  it('v as 0/1 passes as 27/28 does; the same signature with a high s (malleated) does not', async () => {
    const withV = (headers: Headers, flip: (r: string, s: bigint, v: number) => string) => {
      const sig = headers.SVC_SIGNATURE!;
      const s = BigInt(`0x${sig.slice(66, 130)}`);
      return { ...headers, SVC_SIGNATURE: flip(sig.slice(2, 66), s, Number.parseInt(sig.slice(130), 16)) };
    };
    const hex64 = (n: bigint) => n.toString(16).padStart(64, '0');
    const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    // Another nonce each: single use is by address, timestamp and nonce.
    const parity = withV(
      asHeaders(await l1(other, { nonce: 11n })),
      (r, s, v) => `0x${r}${hex64(s)}0${v - 27}`,
    );
    expect((await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: parity })).statusCode).toBe(
      200,
    );
    const malleated = withV(asHeaders(await l1(other, { nonce: 12n })), (r, s, v) => {
      return `0x${r}${hex64(N - s)}${(v === 27 ? 28 : 27).toString(16)}`;
    });
    await expectRejected(
      { method: 'GET', url: '/clob/api-keys', headers: malleated },
      401,
      'L1_SIGNATURE_INVALID',
    );
  });
});

describe('timestamp windows (server clock pinned)', () => {
  const NOW = 1_800_000_000;
  const pin = () => vi.spyOn(serverClock, 'nowMs').mockReturnValue(NOW * 1000 + 999);

  it('L1: 300 s old and 30 s ahead pass; 301 s old and 31 s ahead do not', async () => {
    pin();
    for (const offset of [-301, 31]) {
      const res = await expectRejected(
        post(await l1(owner, { timestamp: NOW + offset })),
        401,
        'TIMESTAMP_OUT_OF_RANGE',
      );
      expect(res.headers.svc_server_time).toBe(String(NOW));
      expect(res.json().error).toMatch(offset < 0 ? /301 s old; the window is 300 s/ : /31 s ahead/);
      expect(res.json().error).toContain('SVC_SERVER_TIME');
    }
    for (const offset of [-300, 30]) {
      const res = await send(t.app, {
        method: 'GET',
        url: '/clob/api-keys',
        headers: await l1(owner, { timestamp: NOW + offset }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('L2: 60 s either way passes; 61 s does not', async () => {
    pin();
    for (const offset of [-61, 61]) {
      const headers = await l2(ownerKey, { method: 'GET', path: '/api-keys', timestamp: NOW + offset });
      const res = await expectRejected(
        { method: 'GET', url: '/clob/api-keys', headers: asHeaders(headers) },
        401,
        'TIMESTAMP_OUT_OF_RANGE',
      );
      expect(res.headers.svc_server_time).toBe(String(NOW));
    }
    for (const offset of [-60, 60]) {
      const headers = await l2(ownerKey, { method: 'GET', path: '/api-keys', timestamp: NOW + offset });
      const res = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers: asHeaders(headers) });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('timestamps far from server time', () => {
  it('a decimal timestamp that is huge or zero → TIMESTAMP_OUT_OF_RANGE (L1 and L2)', async () => {
    for (const stamp of ['0', '99999999999999999999', '9'.repeat(400)]) {
      const res = await expectRejected(
        post(await l1(owner, { timestamp: stamp })),
        401,
        'TIMESTAMP_OUT_OF_RANGE',
      );
      expect(res.headers.svc_server_time).toMatch(/^\d+$/);
      const headers = await l2(ownerKey, { method: 'GET', path: '/api-keys', timestamp: stamp });
      await expectRejected(
        { method: 'GET', url: '/clob/api-keys', headers: asHeaders(headers) },
        401,
        'TIMESTAMP_OUT_OF_RANGE',
      );
    }
  });
});

describe('Level 1: single use', () => {
  it('a replayed authorisation → SIGNATURE_REUSED, whatever the address case', async () => {
    const headers = await l1(owner);
    const first = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers });
    expect(first.statusCode).toBe(200);
    await expectRejected({ method: 'GET', url: '/clob/api-keys', headers }, 401, 'SIGNATURE_REUSED');
    await expectRejected(post(headers), 401, 'SIGNATURE_REUSED');
    const lower = { ...headers, SVC_ADDRESS: headers.SVC_ADDRESS.toLowerCase() };
    await expectRejected(post(lower), 401, 'SIGNATURE_REUSED');
  });

  it('two concurrent requests with one authorisation: exactly one succeeds', async () => {
    const wallet = newWallet();
    const headers = await l1(wallet);
    const before = await snapshot(t.database.db);
    const results = await Promise.all([0, 1, 2, 3].map(() => send(t.app, post(headers))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 401, 401, 401]);
    for (const r of results.filter((r) => r.statusCode === 401))
      expect(r.json().code).toBe('SIGNATURE_REUSED');
    const after = (await snapshot(t.database.db)) as { keys: unknown[]; used: unknown[] };
    const prior = before as { keys: unknown[]; used: unknown[] };
    expect(after.keys.length - prior.keys.length).toBe(1);
    expect(after.used.length - prior.used.length).toBe(1);
  });

  it('a request that fails uses nothing up: the same authorisation works afterwards', async () => {
    const headers = await l1(owner);
    // 404: not an active key of this address; the signature stays unused.
    await expectRejected(
      { method: 'DELETE', url: `/clob/api-keys?apiKey=${otherKey.apiKey}`, headers },
      404,
      'API_KEY_NOT_FOUND',
    );
    const res = await send(t.app, { method: 'GET', url: '/clob/api-keys', headers });
    expect(res.statusCode).toBe(200);
  });
});

describe('Level 2: missing, malformed and failing headers', () => {
  const get = async (mutate: (h: Headers) => Headers = (h) => h): Promise<InjectOptions> => ({
    method: 'GET',
    url: '/clob/api-keys',
    headers: mutate(asHeaders(await l2(ownerKey, { method: 'GET', path: '/api-keys' }))),
  });

  for (const name of ['SVC_TIMESTAMP', 'SVC_SIGNATURE', 'SVC_PASSPHRASE']) {
    it(`missing ${name} → 401 AUTH_HEADERS_MISSING`, async () => {
      const res = await expectRejected(await get((h) => without(h, name)), 401, 'AUTH_HEADERS_MISSING');
      expect(res.json().error).toContain(name);
    });
  }

  const malformed: [string, string][] = [
    ['SVC_API_KEY', 'not-a-uuid'],
    ['SVC_TIMESTAMP', 'now'],
    ['SVC_SIGNATURE', 'not base64!'],
    ['SVC_SIGNATURE', 'abcde'],
    ['SVC_ADDRESS', '0xnope'],
  ];
  for (const [name, value] of malformed) {
    it(`${name}=${value} → 401 AUTH_HEADERS_INVALID`, async () => {
      await expectRejected(await get((h) => ({ ...h, [name]: value })), 401, 'AUTH_HEADERS_INVALID');
    });
  }

  it('unknown key → API_KEY_UNKNOWN', async () => {
    const headers = await l2({ ...ownerKey, apiKey: randomUUID() }, { method: 'GET', path: '/api-keys' });
    await expectRejected(
      { method: 'GET', url: '/clob/api-keys', headers: asHeaders(headers) },
      401,
      'API_KEY_UNKNOWN',
    );
  });

  it('revoked key → API_KEY_REVOKED', async () => {
    const headers = await l2(revokedKey, { method: 'GET', path: '/api-keys' });
    await expectRejected(
      { method: 'GET', url: '/clob/api-keys', headers: asHeaders(headers) },
      401,
      'API_KEY_REVOKED',
    );
  });

  it('wrong passphrase → PASSPHRASE_INVALID (also another key’s passphrase)', async () => {
    await expectRejected(
      await get((h) => ({ ...h, SVC_PASSPHRASE: 'f'.repeat(64) })),
      401,
      'PASSPHRASE_INVALID',
    );
    await expectRejected(
      await get((h) => ({ ...h, SVC_PASSPHRASE: otherKey.passphrase })),
      401,
      'PASSPHRASE_INVALID',
    );
  });

  it('SVC_ADDRESS of someone else → ADDRESS_MISMATCH', async () => {
    await expectRejected(await get((h) => ({ ...h, SVC_ADDRESS: other.address })), 401, 'ADDRESS_MISMATCH');
  });

  it('a valid signature of another secret, or of the wrong length → L2_SIGNATURE_INVALID', async () => {
    const foreign = await l2({ ...otherKey, apiKey: ownerKey.apiKey }, { method: 'GET', path: '/api-keys' });
    await expectRejected(
      await get((h) => ({ ...h, SVC_SIGNATURE: foreign.SVC_SIGNATURE })),
      401,
      'L2_SIGNATURE_INVALID',
    );
    await expectRejected(await get((h) => ({ ...h, SVC_SIGNATURE: 'AAAA' })), 401, 'L2_SIGNATURE_INVALID');
  });

  it('method changed after signing → L2_SIGNATURE_INVALID, key not revoked', async () => {
    const headers = await l2(ownerKey, { method: 'GET', path: '/api-keys' });
    await expectRejected(
      { method: 'DELETE', url: '/clob/api-keys', headers: asHeaders(headers) },
      401,
      'L2_SIGNATURE_INVALID',
    );
  });

  it('path changed after signing (or signed with the mount prefix) → L2_SIGNATURE_INVALID', async () => {
    for (const path of ['/time', '/clob/api-keys', '/api-keys/']) {
      const headers = await l2(ownerKey, { method: 'GET', path });
      await expectRejected(
        { method: 'GET', url: '/clob/api-keys', headers: asHeaders(headers) },
        401,
        'L2_SIGNATURE_INVALID',
      );
    }
  });

  it('body changed after signing → L2_SIGNATURE_INVALID, key not revoked', async () => {
    const headers = await l2(ownerKey, { method: 'DELETE', path: '/api-keys', body: '{"a":1}' });
    await expectRejected(
      {
        method: 'DELETE',
        url: '/clob/api-keys',
        headers: { ...asHeaders(headers), 'content-type': 'application/json' },
        payload: '{"a":2}',
      },
      401,
      'L2_SIGNATURE_INVALID',
    );
  });

  it('L2 headers on POST /api-keys (creation needs L1) → AUTH_HEADERS_INVALID', async () => {
    const headers = await l2(ownerKey, { method: 'POST', path: '/api-keys' });
    await expectRejected(post(asHeaders(headers)), 401, 'AUTH_HEADERS_INVALID');
  });
});

describe('revoking what is not yours', () => {
  it("another user's key in DELETE → 404 API_KEY_NOT_FOUND (L1 and L2)", async () => {
    await expectRejected(
      { method: 'DELETE', url: `/clob/api-keys?apiKey=${ownerKey.apiKey}`, headers: await l1(other) },
      404,
      'API_KEY_NOT_FOUND',
    );
    const headers = await l2(otherKey, { method: 'DELETE', path: '/api-keys' });
    await expectRejected(
      { method: 'DELETE', url: `/clob/api-keys?apiKey=${ownerKey.apiKey}`, headers: asHeaders(headers) },
      404,
      'API_KEY_NOT_FOUND',
    );
  });

  it('an already revoked or unknown key → 404 API_KEY_NOT_FOUND', async () => {
    for (const apiKey of [revokedKey.apiKey, randomUUID()]) {
      await expectRejected(
        { method: 'DELETE', url: `/clob/api-keys?apiKey=${apiKey}`, headers: await l1(owner) },
        404,
        'API_KEY_NOT_FOUND',
      );
    }
  });

  it('L1 DELETE without ?apiKey, or with a malformed one → 400 INVALID_PARAMETER', async () => {
    await expectRejected(
      { method: 'DELETE', url: '/clob/api-keys', headers: await l1(owner) },
      400,
      'INVALID_PARAMETER',
    );
    await expectRejected(
      { method: 'DELETE', url: '/clob/api-keys?apiKey=xyz', headers: await l1(owner) },
      400,
      'INVALID_PARAMETER',
    );
  });
});

describe('the key limit', () => {
  it('the 11th active key → 409 KEY_LIMIT_REACHED, and the signature stays unused', async () => {
    const wallet = newWallet();
    const keys: ApiCredentials[] = [];
    for (let i = 0; i < 10; i++) keys.push(await createKey(t.app, wallet));
    const headers = await l1(wallet);
    const res = await expectRejected(post(headers), 409, 'KEY_LIMIT_REACHED');
    expect(res.json().error).toMatch(/revoke/);
    const revoke = await send(t.app, {
      method: 'DELETE',
      url: `/clob/api-keys?apiKey=${keys[0]?.apiKey}`,
      headers: await l1(wallet),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await send(t.app, post(headers))).statusCode).toBe(201);
  });
});

describe('bodies', () => {
  it('malformed JSON → 400 INVALID_BODY; too large → 413 BODY_TOO_LARGE', async () => {
    const json = { 'content-type': 'application/json' };
    await expectRejected(
      post({ ...(await l1(owner)), ...json }, { payload: '{"oops"' }),
      400,
      'INVALID_BODY',
    );
    await expectRejected(
      post({ ...(await l1(owner)), ...json }, { payload: JSON.stringify({ x: 'y'.repeat(17 * 1024) }) }),
      413,
      'BODY_TOO_LARGE',
    );
  });
});

describe('the reference clients’ dialect: POLY_ headers and the /auth/… paths', () => {
  const L1_NAMES = ['ADDRESS', 'TIMESTAMP', 'NONCE', 'SIGNATURE'];
  const L2_NAMES = ['API_KEY', 'TIMESTAMP', 'SIGNATURE', 'PASSPHRASE', 'ADDRESS'];
  const createOnAlias = (headers: Headers): InjectOptions => ({
    method: 'POST',
    url: '/clob/auth/api-key',
    headers,
  });
  const listOnAlias = async (mutate: (h: Headers) => Headers = (h) => h): Promise<InjectOptions> => ({
    method: 'GET',
    url: '/clob/auth/api-keys',
    headers: mutate(
      inReferenceSpelling(
        await l2(ownerKey, { method: 'GET', path: '/auth/api-keys', address: owner.address }),
      ),
    ),
  });

  it('one L1 header in both spellings with different values → AUTH_HEADERS_INVALID naming both, whichever is right', async () => {
    const other1 = await l1(other);
    for (const suffix of L1_NAMES) {
      const headers = await l1(owner);
      const right = headers[`SVC_${suffix}`] as string;
      // Another wallet's value (a timestamp one second off: two signings often share a second).
      const wrong = suffix === 'TIMESTAMP' ? String(Number(right) - 1) : (other1[`SVC_${suffix}`] as string);
      for (const [ours, theirs] of [
        [right, wrong],
        [wrong, right],
      ]) {
        const res = await expectRejected(
          createOnAlias({
            ...inReferenceSpelling(headers),
            [`SVC_${suffix}`]: ours as string,
            [`POLY_${suffix}`]: theirs as string,
          }),
          401,
          'AUTH_HEADERS_INVALID',
        );
        expect(res.json().error).toContain(`SVC_${suffix} and POLY_${suffix}`);
      }
    }
  });

  it('one L2 header in both spellings with different values → AUTH_HEADERS_INVALID', async () => {
    const foreign = inReferenceSpelling(
      await l2(otherKey, { method: 'GET', path: '/auth/api-keys', address: other.address }),
    );
    for (const suffix of L2_NAMES) {
      await expectRejected(
        await listOnAlias((h) => ({
          ...h,
          [`SVC_${suffix}`]:
            suffix === 'TIMESTAMP'
              ? String(Number(h.POLY_TIMESTAMP) - 1)
              : (foreign[`POLY_${suffix}`] as string),
        })),
        401,
        'AUTH_HEADERS_INVALID',
      );
    }
    // The address differing only in letter case is still two values: which one was meant is not guessed.
    // (A random wallet's checksummed address is now and then all lower case: then upper case differs.)
    const lower = owner.address.toLowerCase();
    const otherCase = lower === owner.address ? `0x${lower.slice(2).toUpperCase()}` : lower;
    expect(otherCase).not.toBe(owner.address);
    await expectRejected(
      await listOnAlias((h) => ({ ...h, SVC_ADDRESS: otherCase })),
      401,
      'AUTH_HEADERS_INVALID',
    );
  });

  it('POLY_ headers are held to the SVC_ rules: missing, malformed, unverifiable', async () => {
    const res = await expectRejected(
      createOnAlias(without(inReferenceSpelling(await l1(owner)), 'POLY_NONCE')),
      401,
      'AUTH_HEADERS_MISSING',
    );
    // Named as this client spells them.
    expect(res.json().error).toBe(
      'Level 1 authentication needs POLY_ADDRESS, POLY_TIMESTAMP, POLY_NONCE, POLY_SIGNATURE (or the same names with SVC_ for POLY_); missing: POLY_NONCE.',
    );
    for (const [name, value] of [
      ['POLY_ADDRESS', '0x1234'],
      ['POLY_TIMESTAMP', '-1'],
      ['POLY_NONCE', '007'],
      ['POLY_SIGNATURE', 'deadbeef'],
    ]) {
      await expectRejected(
        createOnAlias({ ...inReferenceSpelling(await l1(owner)), [name as string]: value as string }),
        401,
        'AUTH_HEADERS_INVALID',
      );
    }
    for (const [name, value] of [
      ['POLY_API_KEY', 'not-a-uuid'],
      ['POLY_SIGNATURE', 'not base64!'],
      ['POLY_ADDRESS', '0xnope'],
    ]) {
      await expectRejected(
        await listOnAlias((h) => ({ ...h, [name as string]: value as string })),
        401,
        'AUTH_HEADERS_INVALID',
      );
    }
    await expectRejected(
      createOnAlias(inReferenceSpelling(await l1(owner, { chainId: 1 }))),
      401,
      'L1_SIGNATURE_INVALID',
    );
    const passphrase = await expectRejected(
      await listOnAlias((h) => ({ ...h, POLY_PASSPHRASE: 'f'.repeat(64) })),
      401,
      'PASSPHRASE_INVALID',
    );
    expect(passphrase.json().error).toBe(
      'POLY_PASSPHRASE is not the passphrase of POLY_API_KEY; send the passphrase returned when the key was created.',
    );
    await expectRejected(
      await listOnAlias((h) => ({ ...h, POLY_ADDRESS: other.address })),
      401,
      'ADDRESS_MISMATCH',
    );
  });

  it('every /auth/… key route refuses what /api-keys refuses', async () => {
    for (const [method, url] of [
      ['POST', '/clob/auth/api-key'],
      ['GET', '/clob/auth/api-keys'],
      ['DELETE', `/clob/auth/api-key?apiKey=${ownerKey.apiKey}`],
    ] as const) {
      await expectRejected({ method, url }, 401, 'AUTH_HEADERS_MISSING');
    }
    const revoked = inReferenceSpelling(await l2(revokedKey, { method: 'GET', path: '/auth/api-keys' }));
    await expectRejected(
      { method: 'GET', url: '/clob/auth/api-keys', headers: revoked },
      401,
      'API_KEY_REVOKED',
    );
    // Creation needs Level 1 on the alias too.
    const l2Create = inReferenceSpelling(await l2(ownerKey, { method: 'POST', path: '/auth/api-key' }));
    await expectRejected(createOnAlias(l2Create), 401, 'AUTH_HEADERS_INVALID');
    await expectRejected(
      {
        method: 'DELETE',
        url: `/clob/auth/api-key?apiKey=${otherKey.apiKey}`,
        headers: inReferenceSpelling(await l1(owner)),
      },
      404,
      'API_KEY_NOT_FOUND',
    );
    await expectRejected(
      { method: 'DELETE', url: '/clob/auth/api-key', headers: inReferenceSpelling(await l1(owner)) },
      400,
      'INVALID_PARAMETER',
    );
  });

  it('an alias path signs as the alias: a signature for the other path of the route does not verify', async () => {
    for (const [signed, sent] of [
      ['/api-keys', '/clob/auth/api-keys'],
      ['/auth/api-keys', '/clob/api-keys'],
    ]) {
      const headers = inReferenceSpelling(await l2(ownerKey, { method: 'GET', path: signed as string }));
      await expectRejected({ method: 'GET', url: sent as string, headers }, 401, 'L2_SIGNATURE_INVALID');
    }
    const revoke = inReferenceSpelling(await l2(ownerKey, { method: 'DELETE', path: '/auth/api-key' }));
    await expectRejected(
      { method: 'DELETE', url: '/clob/api-keys', headers: revoke },
      401,
      'L2_SIGNATURE_INVALID',
    );
  });

  it('single use spans both paths and both spellings', async () => {
    const wallet = newWallet();
    const headers = await l1(wallet);
    expect((await send(t.app, post(headers))).statusCode).toBe(201);
    await expectRejected(createOnAlias(inReferenceSpelling(headers)), 401, 'SIGNATURE_REUSED');

    const [a, b, c] = [
      await createKey(t.app, wallet),
      await createKey(t.app, wallet),
      await createKey(t.app, wallet),
    ];
    const captured = inReferenceSpelling(await l2(a, { method: 'DELETE', path: '/auth/api-key' }));
    const first = await send(t.app, {
      method: 'DELETE',
      url: `/clob/auth/api-key?apiKey=${b.apiKey}`,
      headers: captured,
    });
    expect(first.statusCode, first.body).toBe(200);
    // Re-aimed at another key of the owner, in either spelling.
    const svcSpelling = Object.fromEntries(
      Object.entries(captured).map(([name, value]) => [name.replace(/^POLY_/, 'SVC_'), value]),
    );
    for (const replay of [captured, svcSpelling]) {
      await expectRejected(
        { method: 'DELETE', url: `/clob/auth/api-key?apiKey=${c.apiKey}`, headers: replay },
        401,
        'SIGNATURE_REUSED',
      );
    }
  });

  it('GET /auth/derive-api-key answers 404 whatever the authentication, and uses nothing up', async () => {
    const headers = inReferenceSpelling(await l1(owner));
    for (const sent of [
      headers,
      { ...headers, POLY_SIGNATURE: 'deadbeef' },
      { ...headers, SVC_NONCE: '1', POLY_NONCE: '2' },
      inReferenceSpelling(await l2(revokedKey, { method: 'GET', path: '/auth/derive-api-key' })),
    ]) {
      await expectRejected(
        { method: 'GET', url: '/clob/auth/derive-api-key', headers: sent },
        404,
        'NOT_FOUND',
      );
    }
    expect((await send(t.app, createOnAlias(headers))).statusCode).toBe(200);
  });
});
