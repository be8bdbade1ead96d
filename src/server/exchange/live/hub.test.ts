import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LiveConnection } from './connection';
import { Hub } from './hub';

/**
 * When the hub writes a commit's frames (hub.ts): right after the task that delivered it once the window
 * has passed (no timer, no setImmediate to wait behind other tasks), at most once per window while busy.
 */
const WINDOW = 25;

function subscriber(hub: Hub, asset: string): string[] {
  const sent: string[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    send: (data: string | Buffer) => sent.push(data.toString()),
  } as unknown as WebSocket;
  const conn = new LiveConnection(socket, 1 << 20);
  conn.follow(asset);
  hub.add(conn);
  hub.follow(conn, asset);
  return sent;
}
const batch = (version: number) => ({
  version,
  market: [{ asset: 'A', custom: false, text: `{"v":${version}}` }],
  user: [],
});
const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('the hub’s flushes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after a quiet spell, writes before any other task, one frame for what that task delivered', async () => {
    const hub = new Hub(WINDOW);
    const sent = subscriber(hub, 'A');
    let immediateRan = false;
    setImmediate(() => {
      immediateRan = true;
    });
    hub.deliver(batch(1));
    hub.deliver(batch(2));
    expect(sent).toEqual([]);
    await microtasks();
    expect(sent).toEqual(['[{"v":1},{"v":2}]']);
    expect(immediateRan).toBe(false);
  });

  it('while busy, what comes within the window waits for it', async () => {
    const hub = new Hub(WINDOW);
    const sent = subscriber(hub, 'A');
    hub.deliver(batch(1));
    await microtasks();
    vi.advanceTimersByTime(10);
    hub.deliver(batch(2));
    await microtasks();
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(WINDOW - 10);
    expect(sent).toEqual(['{"v":1}', '{"v":2}']);
  });

  it('a commit that finds the window’s timer late (the loop was busy) writes at once, the timer nothing more', async () => {
    const hub = new Hub(WINDOW);
    const sent = subscriber(hub, 'A');
    hub.deliver(batch(1));
    await microtasks();
    vi.advanceTimersByTime(5);
    hub.deliver(batch(2));
    // The loop is held 40 ms (a PGlite transaction): the clock moves, the timer has not run.
    vi.setSystemTime(Date.now() + 40);
    hub.deliver(batch(3));
    await microtasks();
    expect(sent).toEqual(['{"v":1}', '[{"v":2},{"v":3}]']);
    vi.runAllTimers();
    expect(sent).toHaveLength(2);
  });
});
