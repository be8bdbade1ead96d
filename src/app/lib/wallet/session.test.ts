import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildL2Message, signL2 } from '../../../contract/auth-l2';
import {
  SESSION_LABEL,
  SESSION_SECONDS,
  endSession,
  forgetSession,
  openSession,
  serverClock,
  sessionFor,
  sessionRequest,
} from './session';
import { RevokedApiKey } from '../../../contract/auth-schemas';

const ADDRESS = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
const CREDENTIALS = {
  apiKey: '11111111-2222-4333-8444-555555555555',
  secret: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
  passphrase: 'ab'.repeat(32),
};
const L1 = { SVC_ADDRESS: ADDRESS, SVC_TIMESTAMP: '1', SVC_NONCE: '2', SVC_SIGNATURE: '0x00' };

interface Call {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/** Answers /time with `serverTime`, everything else with `reply`; records every call. */
function server(reply: (call: Call) => Response, serverTime = Math.floor(Date.now() / 1000)) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: Call['init']) => {
      if (url.endsWith('/time')) return new Response(String(serverTime));
      calls.push({ url, init });
      return reply({ url, init });
    }),
  );
  return calls;
}

afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('the session key', () => {
  it('is created with the session body and held in memory only', async () => {
    const calls = server(() => new Response(JSON.stringify(CREDENTIALS), { status: 201 }));
    const session = await openSession(ADDRESS, L1);
    expect(calls[0]?.url).toBe('/clob/api-keys');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      label: SESSION_LABEL,
      expiresIn: SESSION_SECONDS,
      replaceOldest: true,
    });
    expect(calls[0]?.init.headers['content-type']).toBe('application/json');
    expect(session.credentials).toEqual(CREDENTIALS);
    expect(sessionFor(ADDRESS.toLowerCase())).toBe(session);
    expect(sessionFor('0x0000000000000000000000000000000000000001')).toBeNull();
    // Ended sessions are not offered (a minute early).
    expect(sessionFor(ADDRESS, Date.now() + (SESSION_SECONDS - 30) * 1000)).toBeNull();
    const stored = [localStorage, sessionStorage].flatMap((s) =>
      Object.keys(s).map((k) => `${k}=${s.getItem(k)}`),
    );
    expect(stored.join('\n')).not.toContain(CREDENTIALS.secret);
    expect(stored.join('\n')).not.toContain(CREDENTIALS.passphrase);
  });

  it('signs L2 requests over the exact body at the server time, distinct timestamps each time', async () => {
    server(() => new Response(JSON.stringify(CREDENTIALS), { status: 201 }));
    const session = await openSession(ADDRESS, L1);
    const serverTime = Math.floor(Date.now() / 1000) + 5;
    const calls = server(() => new Response(JSON.stringify({ ok: true })), serverTime);
    // The visit's clock (synced once, here by the session's opening) reads the server's new time.
    await serverClock.sync();
    const { z } = await import('zod');
    const body = JSON.stringify({ orderID: '0xabc' });
    await sessionRequest(z.unknown(), session, { method: 'DELETE', path: '/order', body });
    await sessionRequest(z.unknown(), session, { method: 'DELETE', path: '/order', body });
    const [first, second] = calls.map((c) => c.init.headers);
    expect(first?.SVC_API_KEY).toBe(CREDENTIALS.apiKey);
    expect(first?.SVC_ADDRESS).toBe(ADDRESS.toLowerCase());
    expect(Math.abs(Number(first?.SVC_TIMESTAMP) - serverTime)).toBeLessThanOrEqual(1);
    expect(first?.SVC_TIMESTAMP).not.toBe(second?.SVC_TIMESTAMP);
    const expected = await signL2(
      CREDENTIALS.secret,
      buildL2Message({ timestamp: first!.SVC_TIMESTAMP!, method: 'DELETE', path: '/order', body }),
    );
    expect(first?.SVC_SIGNATURE).toBe(expected);
    expect(calls[0]?.init.body).toBe(body);
  });

  it('"End session" revokes the key with L2 and forgets it; a failure to reach the server keeps it', async () => {
    server(() => new Response(JSON.stringify(CREDENTIALS), { status: 201 }));
    const session = await openSession(ADDRESS, L1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/time')) return new Response(String(Math.floor(Date.now() / 1000)));
        throw new TypeError('offline');
      }),
    );
    await expect(endSession(session)).rejects.toThrow();
    expect(sessionFor(ADDRESS)).toBe(session);
    const calls = server(
      () => new Response(JSON.stringify({ apiKey: CREDENTIALS.apiKey, revoked: true }), { status: 200 }),
    );
    await endSession(session);
    expect(calls[0]?.url).toBe('/clob/api-keys');
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(calls[0]?.init.headers.SVC_API_KEY).toBe(CREDENTIALS.apiKey);
    expect(sessionFor(ADDRESS)).toBeNull();
    expect(RevokedApiKey.safeParse({ apiKey: CREDENTIALS.apiKey, revoked: true }).success).toBe(true);
  });

  it('a closed or reloaded tab revokes its key with a request signed ahead; one kept for Back does not', async () => {
    server(() => new Response(JSON.stringify(CREDENTIALS), { status: 201 }));
    await openSession(ADDRESS, L1);
    const calls = server(() => new Response(JSON.stringify({ apiKey: CREDENTIALS.apiKey, revoked: true })));
    // Signed ahead, at the session's opening (a closing page cannot wait for a signature).
    await new Promise((r) => setTimeout(r, 50));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(calls).toEqual([]);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/clob/api-keys');
    expect(calls[0]?.init).toMatchObject({ method: 'DELETE', keepalive: true });
    const sent = calls[0]!.init.headers;
    expect(sent.SVC_API_KEY).toBe(CREDENTIALS.apiKey);
    expect(sent.SVC_SIGNATURE).toBe(
      await signL2(
        CREDENTIALS.secret,
        buildL2Message({ timestamp: sent.SVC_TIMESTAMP!, method: 'DELETE', path: '/api-keys' }),
      ),
    );
    // A forgotten session leaves nothing to send.
    forgetSession();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(calls).toHaveLength(1);
  });
});
