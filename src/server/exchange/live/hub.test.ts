import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE } from '../../../contract/live';
import { LiveConnection } from './connection';
import { Hub, MISSED_EVENTS } from './hub';

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

describe('the user channel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is written as soon as the delivering task ends, even while the market channel waits for its window', async () => {
    const hub = new Hub(WINDOW);
    const market = subscriber(hub, 'A');
    const sent: string[] = [];
    const socket = {
      readyState: 1,
      bufferedAmount: 0,
      send: (d: string | Buffer) => sent.push(d.toString()),
    };
    const conn = new LiveConnection(socket as unknown as WebSocket, 1 << 20);
    hub.add(conn);
    hub.followAddress(conn, '0xa');
    const userBatch = (version: number) => ({
      ...batch(version),
      user: [{ address: '0xa', market: '0xm', text: `{"u":${version}}` }],
    });
    hub.deliver(userBatch(1));
    await microtasks();
    expect(sent).toEqual(['{"u":1}']);
    // Within the window: the book's message waits for it, the owner's does not.
    vi.advanceTimersByTime(5);
    hub.deliver(userBatch(2));
    hub.deliver(userBatch(3));
    await microtasks();
    expect(sent).toEqual(['{"u":1}', '{"u":2}', '{"u":3}']);
    expect(market).toEqual(['{"v":1}']);
    vi.advanceTimersByTime(WINDOW);
    expect(market).toEqual(['{"v":1}', '[{"v":2},{"v":3}]']);
    expect(sent).toHaveLength(3);
  });
});

describe('missed commits (the Redis bus was away)', () => {
  const socket = () => {
    const closed: [number, string][] = [];
    const s = {
      readyState: 1,
      bufferedAmount: 0,
      send: () => {},
      close: (code: number, reason: string) => closed.push([code, reason]),
    };
    return { socket: s as unknown as WebSocket, closed };
  };

  it('sends each market connection fresh books of all it follows, and closes user connections (1012)', () => {
    const hub = new Hub(WINDOW);
    const market = socket();
    const both = new LiveConnection(market.socket, 1 << 20);
    const resyncs: string[][] = [];
    both.onResync = (assets) => resyncs.push(assets);
    for (const asset of ['A', 'B']) {
      both.follow(asset);
      hub.follow(both, asset);
    }
    hub.add(both);
    const idle = new LiveConnection(socket().socket, 1 << 20);
    idle.onResync = (assets) => resyncs.push(assets);
    hub.add(idle);
    const user = socket();
    const owner = new LiveConnection(user.socket, 1 << 20);
    owner.user = { apiKey: 'k', address: '0xa' };
    hub.add(owner);
    hub.followAddress(owner, '0xa');
    const unauthenticated = socket();
    hub.add(new LiveConnection(unauthenticated.socket, 1 << 20));

    hub.missedCommits();
    expect(resyncs).toEqual([['A', 'B']]);
    expect(market.closed).toEqual([]);
    expect(user.closed).toEqual([[LIVE_CLOSE.SERVICE_RESTART, MISSED_EVENTS]]);
    expect(LIVE_CLOSE.SERVICE_RESTART).toBe(1012);
    expect(Buffer.byteLength(MISSED_EVENTS)).toBeLessThanOrEqual(123);
    // Not yet following anyone's events: nothing it was sent can be wrong.
    expect(unauthenticated.closed).toEqual([]);
  });
});
