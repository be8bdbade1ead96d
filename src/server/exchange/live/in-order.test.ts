import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelBatch } from './channel-batch';
import { InOrder } from './in-order';

/** Commit order restored from publications that arrive in any order (in-order.ts). */

const batch = (version: number): ChannelBatch => ({ version, market: [], user: [] });

describe('InOrder', () => {
  let delivered: number[];
  let late: number[];
  let order: InOrder;
  beforeEach(() => {
    vi.useFakeTimers();
    delivered = [];
    late = [];
    order = new InOrder(
      (b) => delivered.push(b.version),
      (b) => late.push(b.version),
      50,
    );
  });
  afterEach(() => {
    order.close();
    vi.useRealTimers();
  });

  it('passes batches on in version order, holding one that is early until the missing one comes', () => {
    order.receive(batch(10));
    order.receive(batch(12));
    order.receive(batch(13));
    expect(delivered).toEqual([10]);
    order.receive(batch(11));
    expect(delivered).toEqual([10, 11, 12, 13]);
    vi.advanceTimersByTime(100);
    expect(delivered).toEqual([10, 11, 12, 13]);
  });

  it('goes on without a version that never comes, after the wait', () => {
    order.receive(batch(1));
    order.receive(batch(3));
    order.receive(batch(6));
    vi.advanceTimersByTime(49);
    expect(delivered).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual([1, 3]);
    order.receive(batch(4));
    expect(delivered).toEqual([1, 3, 4]);
    vi.advanceTimersByTime(50);
    expect(delivered).toEqual([1, 3, 4, 6]);
  });

  it('reports a batch older than one passed on as late, and does not pass it on', () => {
    order.receive(batch(5));
    order.receive(batch(7));
    vi.advanceTimersByTime(50);
    order.receive(batch(6));
    order.receive(batch(7));
    expect(delivered).toEqual([5, 7]);
    expect(late).toEqual([6, 7]);
  });
});
