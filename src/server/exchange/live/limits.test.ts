import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LIVE_CLOSE, MAX_LIVE_MESSAGE_BYTES, MAX_LIVE_SUBSCRIPTIONS } from '../../../contract/live';
import { buildTestApp } from '../../test/app';
import { LiveClient, type Message } from './test/live-client';
import { sleep, startLiveServer } from './test/live-server';

/**
 * The live channels' limits (docs/api.md, Live channels): each closes the connection with its code and
 * a reason, and never touches the other connections.
 */

const SEND_BUFFER = 16 * 1024;
// Enough markets for subscriptions of 500 assets; a small send buffer, so a slow reader overflows soon.
const s = startLiveServer({ LIVE_SEND_BUFFER_BYTES: String(SEND_BUFFER) }, 2, 300);

const closedWith = async (client: LiveClient, code: number, reason?: string | RegExp) => {
  const end = await client.ended();
  expect(end.code).toBe(code);
  if (typeof reason === 'string') expect(end.reason).toBe(reason);
  else if (reason) expect(end.reason).toMatch(reason);
};

describe('live channel limits', () => {
  it(`closes a connection that follows more than ${MAX_LIVE_SUBSCRIPTIONS} assets or markets`, async () => {
    expect(s.tokens.length).toBeGreaterThan(MAX_LIVE_SUBSCRIPTIONS);
    const inOne = await s.connect('market');
    inOne.send({ type: 'market', assets_ids: s.tokens.slice(0, MAX_LIVE_SUBSCRIPTIONS + 1) });
    await closedWith(inOne, LIVE_CLOSE.TOO_MANY_SUBSCRIPTIONS, 'at most 500 assets_ids per connection');

    const inTwo = await s.connect('market');
    inTwo.send({ type: 'market', assets_ids: s.tokens.slice(0, 400), initial_dump: false });
    inTwo.send({ operation: 'subscribe', assets_ids: s.tokens.slice(300, 500) }); // 100 new: 500 in all
    inTwo.send('PING');
    await inTwo.text('PONG');
    inTwo.send({ operation: 'subscribe', assets_ids: [s.tokens[500]] });
    await closedWith(inTwo, LIVE_CLOSE.TOO_MANY_SUBSCRIPTIONS, 'at most 500 assets per connection');

    const user = await s.connect('user');
    const markets = Array.from({ length: 501 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`);
    user.send({ type: 'user', markets, auth: { apiKey: 'k', secret: 's', passphrase: 'p' } });
    await closedWith(user, LIVE_CLOSE.TOO_MANY_SUBSCRIPTIONS, 'at most 500 markets per connection');
  });

  it('closes with 1009 on a message over 64 KiB; one just under is read', async () => {
    const under = await s.connect('market');
    const padding = 'x'.repeat(MAX_LIVE_MESSAGE_BYTES - 200);
    under.send({ type: 'market', assets_ids: [s.tokens[0]], padding });
    await under.until((m: Message) => m.event_type === 'book');
    under.close();
    const over = await s.connect('market');
    over.send({ type: 'market', assets_ids: [s.tokens[0]], padding: `${padding}${'x'.repeat(300)}` });
    await closedWith(over, LIVE_CLOSE.MESSAGE_TOO_BIG);
  });

  it('closes on anything it cannot read, saying what', async () => {
    const cases: [channel: 'market' | 'user', message: string | Buffer, reason: string | RegExp][] = [
      ['market', 'hello', /^not JSON/],
      ['market', '[1,2]', /^not a JSON object/],
      ['market', '{"type":"book","assets_ids":[]}', '"type" must be "market" on this channel'],
      ['market', '{"type":"user","auth":{}}', 'this is the market channel: user messages go to /ws/user'],
      [
        'market',
        '{"operation":"replace","assets_ids":[]}',
        '"operation" must be "subscribe" or "unsubscribe"',
      ],
      ['market', '{"assets_ids":["1"]}', 'send "type": "market" or an "operation"'],
      [
        'market',
        '{"type":"market","assets_ids":"1"}',
        '"assets_ids" must be an array of token ids (decimal text)',
      ],
      [
        'market',
        '{"type":"market","assets_ids":["0x12"]}',
        '"assets_ids" must hold token ids (decimal text) only',
      ],
      ['market', `{"type":"market","assets_ids":["${'9'.repeat(78)}"]}`, /must hold token ids/],
      ['market', '{"type":"market","assets_ids":[],"custom_feature_enabled":"yes"}', /must be true or false/],
      ['user', '{"type":"user","auth":"key"}', /^"auth" must be/],
      ['user', '{"type":"user","markets":["nope"],"auth":{}}', /^"markets" must hold condition ids/],
      ['user', Buffer.from('{"type":"user"}'), 'binary frames are not read here: send text'],
    ];
    for (const [channel, message, reason] of cases) {
      const client = await s.connect(channel);
      client.ws.send(message, { binary: Buffer.isBuffer(message) });
      await closedWith(client, LIVE_CLOSE.BAD_MESSAGE, reason);
    }
    // Invalid UTF-8 in a text frame: the WebSocket layer's own code.
    const client = await s.connect('market');
    client.ws.send(Buffer.from([0x7b, 0xff, 0x7d]), { binary: false });
    expect((await client.ended()).code).toBe(1007);
  });

  it('closes a connection sending over 100 messages in 10 s', async () => {
    const client = await s.connect('market');
    for (let i = 0; i < 101; i++) client.send('PING');
    await closedWith(client, LIVE_CLOSE.TOO_MANY, 'over 100 messages in 10 s');
    expect(client.texts.length).toBeLessThanOrEqual(100);
  });

  it('caps the connections of one client address', async () => {
    // An app of its own (same database), so the other tests' connections do not count.
    const t = await buildTestApp({ SERVE_CLOB: 'true', LIVE_MAX_CONNECTIONS_PER_IP: '3' }, s.t.database);
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/clob/ws/market`;
      const open = await Promise.all([1, 2, 3].map(() => LiveClient.open(url)));
      const fourth = await LiveClient.open(url);
      await closedWith(
        fourth,
        LIVE_CLOSE.TOO_MANY,
        'at most 3 live connections per client address; close some first',
      );
      // The three are untouched, and a place freed is a place to take.
      for (const c of open) {
        c.send('PING');
        await c.text('PONG');
      }
      open[0]!.close();
      await open[0]!.closed;
      await sleep(50);
      const again = await LiveClient.open(url);
      again.send('PING');
      await again.text('PONG');
      for (const c of [...open, again]) c.close();
    } finally {
      await t.close();
    }
  });

  it('drops a reader that falls behind, while another subscriber keeps receiving', async () => {
    const assets = s.tokens.slice(0, MAX_LIVE_SUBSCRIPTIONS);
    const market = s.markets[0]!;
    const reader = await s.connect('market');
    const other = await s.connect('market');
    other.send({ type: 'market', assets_ids: [market.yes] });
    await other.until((m: Message) => m.event_type === 'book');
    // The reader stops reading, and asks for 500 books again and again (each answer ~190 kB): the
    // kernel's buffers take a few MB, then the server's bound is passed.
    reader.ws.pause();
    for (let i = 0; i < 40; i++) {
      reader.send({ operation: 'subscribe', assets_ids: assets });
      await sleep(60);
    }
    // Still served: the other subscriber sees an order placed meanwhile.
    const maker = await s.trader();
    expect((await maker.place({ tokenId: market.yes, side: 'BUY', price: 0.3, size: 5 })).statusCode).toBe(
      200,
    );
    await other.until((m: Message) => m.event_type === 'price_change');
    // The reader was cut: it gets part of what it asked for, then its close frame (last, behind what it
    // never read) or, as the server does not wait long for a reader that stopped, a reset.
    reader.ws.resume();
    const end = await reader.ended();
    expect([LIVE_CLOSE.SLOW_READER, 1006]).toContain(end.code);
    expect(reader.messages.length).toBeLessThan(40 * assets.length);
    if (end.code === LIVE_CLOSE.SLOW_READER) expect(end.reason).toMatch(/^dropped: over 16384 bytes unsent/);
    other.send('PING');
    await other.text('PONG');
    other.close();
  });

  it('closes a connection that subscribes to nothing within 10 s', async () => {
    const client = await s.connect('user');
    client.send('PING'); // PING is not a subscription
    await client.text('PONG');
    const end = await client.ended(12_000);
    expect(end).toEqual({ code: LIVE_CLOSE.SUBSCRIBE_TIMEOUT, reason: 'nothing subscribed within 10 s' });
  }, 15_000);
});
