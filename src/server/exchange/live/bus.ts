import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ChannelBatch } from './channel-batch';
import { InOrder } from './in-order';

/** How the commits of every process reach this process's hub, in commit order. */
export interface LiveBus {
  publish(batch: ChannelBatch): void;
  close(): Promise<void>;
}

/** One process: the writer's commits are already in order. */
export function localBus(deliver: (batch: ChannelBatch) => void): LiveBus {
  return { publish: deliver, close: async () => {} };
}

/** How long a batch waits for a missing earlier version before going on without it. */
export const GAP_WAIT_MS = 50;

/**
 * Several processes (PostgreSQL, REDIS_URL): every commit is published on one Redis channel and every
 * process, the publisher included, delivers what it receives from there, put back in commit order
 * (in-order.ts). While Redis cannot be reached, a process delivers its own commits itself (its
 * subscribers miss the others'), with one warning and one line when Redis is back.
 */
export async function redisBus(opts: {
  url: string;
  channel: string;
  deliver: (batch: ChannelBatch) => void;
  late: (batch: ChannelBatch) => void;
  log: FastifyBaseLogger;
}): Promise<LiveBus> {
  const { Redis } = await import('ioredis');
  // Fail fast while Redis is away instead of queueing (the publisher then delivers its own commits).
  const settings = { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false };
  const publisher: Redis = new Redis(opts.url, settings);
  // Not ioredis's own resubscription: it leaves its promise unhandled, so a close while it is under way
  // was an unhandled rejection ("Connection is closed"). The 'ready' handler below subscribes instead.
  const subscriber: Redis = new Redis(opts.url, { ...settings, autoResubscribe: false });
  const order = new InOrder(opts.deliver, opts.late, GAP_WAIT_MS);
  let down = false;
  const failed = (err: unknown) => {
    if (down) return;
    down = true;
    opts.log.warn(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      'live channels: Redis unavailable, each process sends only its own commits until it answers again',
    );
  };
  publisher.on('error', failed);
  subscriber.on('error', failed);
  // (Again) on every connection: subscribing twice to a channel is harmless.
  const subscribed = new Promise<void>((resolve) => {
    subscriber.on('ready', () => {
      subscriber.subscribe(opts.channel).then(() => {
        resolve();
        if (!down) return;
        down = false;
        opts.log.info('live channels: Redis is back, every process sends every commit again');
      }, failed);
    });
  });
  subscriber.on('message', (_channel: string, text: string) => {
    let batch: ChannelBatch;
    try {
      batch = JSON.parse(text) as ChannelBatch;
    } catch {
      return;
    }
    if (typeof batch?.version === 'number') order.receive(batch);
  });
  // Start with the subscription in place when Redis answers; do not hold the start up when it does not.
  await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  return {
    publish(batch) {
      publisher.publish(opts.channel, JSON.stringify(batch)).catch((err: unknown) => {
        failed(err);
        order.receive(batch);
      });
    },
    async close() {
      order.close();
      await Promise.all([publisher, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
