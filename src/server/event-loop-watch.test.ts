import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { watchEventLoop } from './event-loop-watch';

describe('watchEventLoop', () => {
  it('warns once with how long the loop was blocked, and not while it runs freely', async () => {
    const warn = vi.fn();
    const stop = watchEventLoop({ warn } as unknown as FastifyBaseLogger);
    try {
      await new Promise((r) => setTimeout(r, 350));
      expect(warn).not.toHaveBeenCalled();
      const until = performance.now() + 600;
      while (performance.now() < until); // a long synchronous task
      await new Promise((r) => setTimeout(r, 150));
      expect(warn).toHaveBeenCalledTimes(1);
      const [fields, message] = warn.mock.calls[0]!;
      expect(message).toBe('event loop was blocked');
      expect(fields.blockedMs).toBeGreaterThanOrEqual(450);
      expect(fields.blockedMs).toBeLessThan(1_500);
    } finally {
      stop();
    }
  });
});
