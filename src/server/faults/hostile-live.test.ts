import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIVE_CLOSE, MAX_LIVE_MESSAGE_BYTES } from '../../contract/live';
import type { LiveClient, Message } from '../exchange/live/test/live-client';
import { expectSdkReads, startLiveServer, userAuth } from '../exchange/live/test/live-server';

/**
 * Hostile input on the live channels (docs/api.md, Live channels): random text, random JSON, the
 * protocol's own messages with every field bent, binary frames, in random order on either channel. Each
 * connection is either answered (PING → PONG after what it sent) or closed with one of the documented
 * codes and a reason, never with a server error; what it was sent reads with the reference SDK's
 * schemas; and a well-behaved subscriber on each channel, connected throughout, keeps receiving.
 */

/** Cases per property (FUZZ_RUNS raises or lowers it; modest by default, the file runs with the suite). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

const s = startLiveServer({}, 2);

/** The codes a hostile message may earn; 1009 and 1007 come from the WebSocket layer, without reason. */
const REFUSALS: number[] = [
  LIVE_CLOSE.BAD_MESSAGE,
  LIVE_CLOSE.UNAUTHORISED,
  LIVE_CLOSE.TOO_MANY_SUBSCRIPTIONS,
  LIVE_CLOSE.TOO_MANY,
  LIVE_CLOSE.MESSAGE_TOO_BIG,
  1007,
];

function messages(goodAuth: object) {
  const token = fc.oneof(
    fc.constantFrom(...s.tokens.slice(0, 8)),
    fc.string({ maxLength: 90 }),
    fc.bigInt({ min: 0n, max: 1n << 260n }).map(String),
    fc.integer(),
    fc.constant(null),
  );
  const condition = fc.oneof(
    fc.constantFrom(...s.markets.map((m) => m.conditionId)),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 70 }).map((h) => `0x${h}`),
    fc.string(),
    fc.integer(),
  );
  const anything = fc.jsonValue({ maxDepth: 3 });
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const object = fc.record(
    {
      type: maybe(
        fc.oneof(fc.constantFrom('market', 'user', 'MARKET', 'User', 'book'), fc.string(), anything),
      ),
      operation: maybe(
        fc.oneof(fc.constantFrom('subscribe', 'unsubscribe', 'SUBSCRIBE', 'replace'), anything),
      ),
      assets_ids: maybe(fc.oneof(fc.array(token, { maxLength: 600 }), anything)),
      markets: maybe(fc.oneof(fc.array(condition, { maxLength: 20 }), anything)),
      custom_feature_enabled: maybe(fc.oneof(fc.boolean(), anything)),
      initial_dump: maybe(fc.oneof(fc.boolean(), anything)),
      auth: maybe(
        fc.oneof(
          fc.record({
            apiKey: fc.oneof(fc.uuid(), fc.string()),
            secret: fc.string(),
            passphrase: fc.string(),
          }),
          anything,
        ),
      ),
      ['__proto__']: maybe(anything),
    },
    { requiredKeys: [] },
  );
  // Messages a client means: the protocol's own, with good and bad values mixed in.
  const decimalId = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }).map(String);
  const assets = fc.array(fc.oneof(fc.constantFrom(...s.tokens.slice(0, 8)), decimalId), { maxLength: 12 });
  const meant = fc.oneof(
    fc.record(
      {
        type: fc.constant('market'),
        assets_ids: assets,
        custom_feature_enabled: fc.boolean(),
        initial_dump: fc.boolean(),
      },
      { requiredKeys: ['type', 'assets_ids'] },
    ),
    fc.record({ operation: fc.constantFrom('subscribe', 'unsubscribe'), assets_ids: assets }),
    fc.record(
      {
        type: fc.constant('user'),
        markets: fc.subarray(s.markets.map((m) => m.conditionId)),
        auth: fc.oneof(
          fc.constant(goodAuth),
          fc.record({
            apiKey: fc.uuid(),
            secret: fc.string({ minLength: 1 }),
            passphrase: fc.string({ minLength: 1 }),
          }),
        ),
      },
      { requiredKeys: ['type', 'auth'] },
    ),
    fc.record({
      operation: fc.constantFrom('subscribe', 'unsubscribe'),
      markets: fc.subarray(s.markets.map((m) => m.conditionId)),
    }),
  );
  return fc.oneof(
    { arbitrary: meant.map((o) => JSON.stringify(o)), weight: 6 },
    { arbitrary: fc.constant('PING'), weight: 2 },
    object.map((o) => JSON.stringify(o)),
    anything.map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constantFrom('PING', 'ping', 'PONG', '', '{', 'null', '[]', '{"type":"market"}'),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc
      .integer({ min: MAX_LIVE_MESSAGE_BYTES - 10, max: MAX_LIVE_MESSAGE_BYTES + 10 })
      .map((n) => 'x'.repeat(n)),
  );
}

/** The outcome of one hostile connection: its close, or its PONG once everything sent was handled. */
async function outcome(client: LiveClient): Promise<{ code: number; reason: string } | 'answered'> {
  client.send('PING');
  const answered = (async () => {
    for (;;) {
      if (client.texts.includes('PONG')) return 'answered' as const;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return Promise.race([client.ended(10_000), answered]);
}

describe('the live channels under hostile input', () => {
  it('answer or close with a documented code and reason, and keep serving everyone else', async () => {
    const m = s.markets[0]!;
    const maker = await s.trader();
    const watcher = await s.connect('market');
    watcher.send({ type: 'market', assets_ids: [m.yes, m.no], custom_feature_enabled: true });
    await watcher.until((x: Message) => x.event_type === 'book', 2);
    const owner = await s.connect('user');
    owner.send(userAuth(maker));

    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('market' as const, 'user' as const),
        fc.array(messages(userAuth(maker).auth), { minLength: 1, maxLength: 4 }),
        async (channel, sent) => {
          const client = await s.connect(channel);
          for (const message of sent) client.ws.send(message, { binary: Buffer.isBuffer(message) });
          const result = await outcome(client);
          client.close();
          await client.closed;
          const key = result === 'answered' ? 'answered' : String(result.code);
          seen[key] = (seen[key] ?? 0) + 1;
          if (result !== 'answered') {
            expect(REFUSALS, JSON.stringify({ sent, result })).toContain(result.code);
            if (result.code >= 4000) expect(result.reason).not.toBe('');
          }
          if (channel === 'market') expectSdkReads('market', client.messages);
        },
      ),
      { numRuns: RUNS },
    );
    // Both ways out were taken (the generators are not all refused, nor all answered).
    expect(seen.answered).toBeGreaterThan(0);
    expect(seen[String(LIVE_CLOSE.BAD_MESSAGE)]).toBeGreaterThan(0);

    // The well-behaved subscribers were served all along, and still are.
    const placed = await maker.place({ tokenId: m.yes, side: 'BUY', price: 0.33, size: 5 });
    expect(placed.statusCode).toBe(200);
    await watcher.until(
      (x: Message) => x.event_type === 'price_change' && x.price_changes[0].price === '0.33',
    );
    await owner.until((x: Message) => x.event_type === 'order' && x.id === placed.json().orderID);
    expectSdkReads('market', watcher.messages);
    expectSdkReads('user', owner.messages);
    expect((await s.t.app.inject({ method: 'GET', url: '/clob/time' })).statusCode).toBe(200);
    watcher.close();
    owner.close();
  }, 120_000);
});
