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
 *
 * Pub/sub keeps nothing for a subscriber that is away: whatever was published while this process's
 * subscription was not in place (Redis down, or only the connection lost and made again, with no error
 * at all) never comes. So each time the subscription is in place again, `resync` is called once the
 * channel is read again: the channels then start their subscribers over from the database.
 */
export async function redisBus(opts: {
  url: string;
  channel: string;
  deliver: (batch: ChannelBatch) => void;
  late: (batch: ChannelBatch) => void;
  /** The subscription is in place again after a time without: commits of other processes were missed. */
  resync: () => void;
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
  /** Commits may have been published that this process did not receive: none is in place yet, at first. */
  let missed = true;
  let closing = false;
  const failed = (err: unknown) => {
    if (down) return;
    down = true;
    opts.log.warn(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      'live channels: Redis unavailable, each process sends only its own commits until it answers again',
    );
  };
  publisher.on('error', failed);
  subscriber.on('error', (err: unknown) => {
    missed = true;
    failed(err);
  });
  // A lost connection is a lost subscription, even when it is made again at once and no error is told.
  subscriber.on('close', () => {
    if (closing) return;
    missed = true;
    failed(new Error('the connection to Redis was lost'));
  });
  // (Again) on every connection: subscribing twice to a channel is harmless.
  const subscribed = new Promise<void>((resolve) => {
    subscriber.on('ready', () => {
      subscriber.subscribe(opts.channel).then(() => {
        resolve();
        if (missed) {
          missed = false;
          opts.resync();
        }
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
      closing = true;
      order.close();
      await Promise.all([publisher, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
