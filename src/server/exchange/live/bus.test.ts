import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisRelay } from '../../test/redis-relay';
import { type LiveBus, redisBus } from './bus';
import type { ChannelBatch } from './channel-batch';

/** The Redis bus between processes (bus.ts) through a connection that goes away and comes back. */

const batch = (version: number): ChannelBatch => ({ version, market: [], user: [] });

async function until(what: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!what() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(what()).toBe(true);
}

describe.runIf(process.env.REDIS_URL)('the Redis bus', () => {
  const relay = new RedisRelay();
  let bus: LiveBus | undefined;
  const other = new Redis(process.env.REDIS_URL ?? '', { lazyConnect: true });
  afterEach(async () => {
    await bus?.close();
    await relay.cut().catch(() => {});
    other.disconnect();
  });

  it('delivers its own commits while Redis is away, and every process’s again once it is back', async () => {
    await relay.open();
    const lines: string[] = [];
    const log = {
      warn: (_: unknown, msg: string) => lines.push(msg),
      info: (msg: string) => lines.push(msg),
    };
    const delivered: number[] = [];
    let resyncs = 0;
    const channel = `marketdesk:test:${randomUUID()}`;
    bus = await redisBus({
      url: relay.url,
      channel,
      deliver: (b) => delivered.push(b.version),
      late: (b) => delivered.push(-b.version),
      resync: () => resyncs++,
      log: log as unknown as FastifyBaseLogger,
    });
    // The first subscription (nobody can have subscribed to the channels before it: a no-op there).
    expect(resyncs).toBe(1);
    const publishedElsewhere = async (version: number) => {
      await other.publish(channel, JSON.stringify(batch(version)));
    };

    bus.publish(batch(1));
    await publishedElsewhere(2);
    await until(() => delivered.length === 2);

    await relay.cut();
    await until(() => lines.some((l) => /Redis unavailable/.test(l)));
    bus.publish(batch(3));
    await until(() => delivered.length === 3);
    // Published by another process while this one could not hear: never received.
    await publishedElsewhere(4);
    expect(resyncs).toBe(1);

    await relay.open();
    await until(() => lines.some((l) => /Redis is back/.test(l)));
    // Once the channel is read again, the subscribers are told to start over.
    expect(resyncs).toBe(2);
    await publishedElsewhere(5);
    await until(() => delivered.length === 4);
    expect(delivered).toEqual([1, 2, 3, 5]);
    expect(lines.filter((l) => /unavailable/.test(l))).toHaveLength(1);
  }, 30_000);

  it('a connection lost and made again at once (no error told) is a resync too', async () => {
    await relay.open();
    let resyncs = 0;
    const channel = `marketdesk:test:${randomUUID()}`;
    bus = await redisBus({
      url: relay.url,
      channel,
      deliver: () => {},
      late: () => {},
      resync: () => resyncs++,
      log: { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger,
    });
    expect(resyncs).toBe(1);
    // Every connection dropped, the relay listening again before ioredis's first retry.
    await relay.cut();
    await relay.open();
    await until(() => resyncs === 2);
  }, 30_000);
});
