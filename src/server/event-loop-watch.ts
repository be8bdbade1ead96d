import type { FastifyBaseLogger } from 'fastify';

const TICK_MS = 100;
/** Blocked longer than this, every request in flight waited as long: worth a warning. */
export const STALL_WARN_MS = 250;

/**
 * Warns when the event loop was blocked (a long synchronous task: an embedded-database query, a
 * large serialization, a GC pause, or the process not being scheduled at all), with how long and
 * when, so that a slow request in the logs can be told apart from a slow client or network.
 */
export function watchEventLoop(log: FastifyBaseLogger): () => void {
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const blockedMs = now - last - TICK_MS;
    if (blockedMs > STALL_WARN_MS) log.warn({ blockedMs: Math.round(blockedMs) }, 'event loop was blocked');
    last = now;
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
