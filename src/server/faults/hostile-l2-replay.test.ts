import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../contract/auth-base64';
import type { ApiCredentials, L2Headers } from '../../contract/auth-l2';
import { serverClock } from '../credentials/clock';
import {
  createKey,
  freshIp,
  inReferenceSpelling,
  l2,
  newWallet,
  snapshot,
} from '../credentials/test-helpers';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * Replays of captured state-changing L2 requests (docs/api.md §3), fuzzed: the L2 signature covers
 * neither the query string nor anything but method, path and body, so a captured DELETE is re-sent
 * with every query, path (ours or the reference clients' alias), method, body, signature encoding, header
 * spelling (SVC_ or POLY_) and SVC_ADDRESS an attacker might try.
 * None may succeed, none may fail with a 5xx, and the database must end as it was.
 */

/** Cases per property (FUZZ_RUNS lowers it for a quick local run). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** The server clock stays at the second of the captures, so no replay ever ages out of the window. */
const NOW = 1_900_000_000;

describe('hostile L2 replays', () => {
  let t: TestApp;
  let before: unknown;
  const owner = newWallet();
  const stranger = newWallet();
  let keys: ApiCredentials[] = [];
  let strangerKey: ApiCredentials;
  /** Headers as signed (SVC_ names; replayed in either spelling) and the URL they went to. */
  const captured: { headers: L2Headers; url: string }[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '1000000000', SVC_MASTER_KEY: '6e'.repeat(32) });
    for (let i = 0; i < 6; i++) keys.push(await createKey(t.app, owner));
    strangerKey = await createKey(t.app, stranger);
    vi.spyOn(serverClock, 'nowMs').mockReturnValue(NOW * 1000 + 500);
    const [k1, k2, k3, k4, k5] = keys;
    if (!k1 || !k2 || !k3 || !k4 || !k5) throw new Error('keys');
    // K1 revokes K2 (K1 stays active: its capture is the dangerous one), K3 revokes itself, and K4
    // revokes K5 through the reference clients' path, in their spelling (K4 stays active too).
    for (const [signer, url, path, spell] of [
      [k1, `/clob/api-keys?apiKey=${k2.apiKey}`, '/api-keys', (h: object) => h],
      [k3, '/clob/api-keys', '/api-keys', (h: object) => h],
      [k4, `/clob/auth/api-key?apiKey=${k5.apiKey}`, '/auth/api-key', inReferenceSpelling],
    ] as const) {
      const headers = await l2(signer, { method: 'DELETE', path, timestamp: NOW });
      const res = await t.app.inject({
        method: 'DELETE',
        url,
        headers: spell(headers) as Record<string, string>,
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      captured.push({ headers, url });
    }
    keys = keys.filter((k) => k !== k2 && k !== k3 && k !== k5);
    before = await snapshot(t.database.db);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('a captured DELETE, re-aimed and reshaped: never accepted, never a 5xx, never a change', async () => {
    const target = fc.oneof(
      fc.constantFrom(...keys, strangerKey).map((k) => k.apiKey),
      fc.constantFrom(...keys).map((k) => k.apiKey.toUpperCase()),
      fc.constant(randomUUID()),
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
    );
    const query = fc.oneof(
      fc.constant(''),
      target.map((k) => `?apiKey=${k}`),
      fc.tuple(target, target).map(([a, b]) => `?apiKey=${a}&apiKey=${b}`),
      target.map((k) => `?apiKey=${k}&x=${encodeURIComponent('1')}`),
      target.map((k) => `?api%4Bey=${k}`),
      target.map((k) => `?apiKey=${encodeURIComponent(k)}#frag`),
      fc.constant('?'),
      fc.constant('?apiKey='),
    );
    const path = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('/clob/api-keys', '/clob/auth/api-key') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '/clob/api%2Dkeys',
          '/clob/api-keys/',
          '/clob//api-keys',
          '/clob/./api-keys',
          '/clob/API-KEYS',
          '/clob/api-keys%2F',
          '/clob/auth/api-keys',
          '/clob/auth/api%2Dkey',
          '/clob/auth//api-key',
          '/clob/auth/derive-api-key',
        ),
      },
    );
    // Weighted towards the shape that would succeed without single use: DELETE, the plain path, no body.
    const method = fc.oneof(
      { weight: 6, arbitrary: fc.constant('DELETE') },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH') },
    );
    const spelling = fc.constantFrom('as sent', 'base64', 'no padding');
    const names = fc.constantFrom('SVC_', 'POLY_', 'both');
    const address = fc.constantFrom(undefined, owner.address, owner.address.toLowerCase(), stranger.address);
    const body = fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('', '{}', `{"apiKey":"${keys[0]?.apiKey}"}`) },
    );

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...captured),
        method,
        path,
        query,
        spelling,
        names,
        address,
        body,
        async (capture, verb, where, search, form, prefix, svcAddress, payload) => {
          const bytes = base64ToBytes(capture.headers.SVC_SIGNATURE) ?? new Uint8Array();
          const signature =
            form === 'as sent'
              ? capture.headers.SVC_SIGNATURE
              : form === 'base64'
                ? bytesToBase64(bytes)
                : capture.headers.SVC_SIGNATURE.replace(/=+$/, '');
          const signed: Record<string, string> = {
            ...(capture.headers as Record<string, string>),
            SVC_SIGNATURE: signature,
          };
          if (svcAddress) signed.SVC_ADDRESS = svcAddress;
          const headers =
            prefix === 'SVC_'
              ? signed
              : prefix === 'POLY_'
                ? inReferenceSpelling(signed)
                : { ...signed, ...inReferenceSpelling(signed) };
          if (payload !== null) headers['content-type'] = 'application/json';
          const url = `${where}${search}`;
          const res = await t.app.inject({
            method: verb as 'DELETE',
            url,
            headers,
            ...(payload === null ? {} : { payload }),
            remoteAddress: freshIp(),
          });
          const what = `${verb} ${url} (signed for ${capture.url}) → ${res.statusCode} ${res.body}`;
          expect(res.statusCode, what).toBeLessThan(500);
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('the plain replay of each capture answers SIGNATURE_REUSED or API_KEY_REVOKED, nothing else', async () => {
    const [reaimed, selfRevoked, reaimedOnAlias] = captured;
    const other = keys[1]?.apiKey;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/clob/api-keys?apiKey=${other}`,
      headers: reaimed?.headers as Record<string, string>,
      remoteAddress: freshIp(),
    });
    expect(res.json().code).toBe('SIGNATURE_REUSED');
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/clob/api-keys?apiKey=${other}`,
      headers: selfRevoked?.headers as Record<string, string>,
      remoteAddress: freshIp(),
    });
    expect(self.json().code).toBe('API_KEY_REVOKED');
    const alias = await t.app.inject({
      method: 'DELETE',
      url: `/clob/auth/api-key?apiKey=${other}`,
      headers: inReferenceSpelling(reaimedOnAlias?.headers ?? {}),
      remoteAddress: freshIp(),
    });
    expect(alias.json().code).toBe('SIGNATURE_REUSED');
    expect(await snapshot(t.database.db)).toEqual(before);
  });
});
