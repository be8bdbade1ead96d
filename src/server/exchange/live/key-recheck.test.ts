import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKeyCredentials } from '../../../contract/auth-schemas';
import { LIVE_CLOSE } from '../../../contract/live';
import { serverClock } from '../../credentials/clock';
import { l1, newWallet, send } from '../../credentials/test-helpers';
import type { LiveClient } from './test/live-client';
import { startLiveServer, userAuth } from './test/live-server';

/**
 * An open user connection whose key stops authenticating (revoked, or a session key past its end) is
 * closed at the next re-check (every 30 s: plugin.ts); other keys' connections stay. The server's
 * intervals run on fake time here, everything else (sockets, the database) for real.
 */

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
const s = startLiveServer();
afterAll(() => {
  vi.useRealTimers();
});

async function subscribed(auth: object): Promise<LiveClient> {
  const client = await s.connect('user');
  client.send({ type: 'user', auth });
  client.send('PING');
  await client.text('PONG');
  return client;
}

async function stillOpen(client: LiveClient): Promise<void> {
  client.send('PING');
  await client.text('PONG');
}

describe('an open user connection', () => {
  it('closes within the re-check after its key is revoked; another key’s stays open', async () => {
    const [owner, other] = [await s.trader(), await s.trader()];
    const revoked = await subscribed(userAuth(owner).auth);
    const kept = await subscribed(userAuth(other).auth);
    expect((await owner.request('DELETE', '/api-keys')).statusCode).toBe(200);
    await stillOpen(revoked); // nothing happens before the re-check
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await revoked.ended()).toEqual({
      code: LIVE_CLOSE.UNAUTHORISED,
      reason: 'the API key was revoked or has expired',
    });
    await stillOpen(kept);
    kept.close();
  });

  it('closes when its session key reaches its end, and the key cannot open another', async () => {
    const res = await send(s.t.app, {
      method: 'POST',
      url: '/clob/api-keys',
      headers: await l1(newWallet()),
      payload: { label: 'a session', expiresIn: 60 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { apiKey, secret, passphrase } = ApiKeyCredentials.parse(res.json());
    const creds = { apiKey, secret, passphrase };
    const open = await subscribed(creds);
    const start = Date.now();
    vi.spyOn(serverClock, 'nowMs').mockImplementation(() => start + 61_000);
    try {
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await open.ended()).toEqual({
        code: LIVE_CLOSE.UNAUTHORISED,
        reason: 'the API key was revoked or has expired',
      });
      const again = await s.connect('user');
      again.send({ type: 'user', auth: creds });
      expect(await again.ended()).toEqual({
        code: LIVE_CLOSE.UNAUTHORISED,
        reason: 'auth.apiKey has expired; create a new key',
      });
    } finally {
      vi.restoreAllMocks();
    }
  });
});
