import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MS, IDLE_CLOSE_MS, LiveSocket, PING_EVERY_MS, type SocketLike } from './live-socket';
import type { MarketMessage } from './wire';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed: number | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const book = (asset: string) => ({ event_type: 'book', market: 'm', asset_id: asset, bids: [], asks: [] });

describe('the live socket', () => {
  let sockets: FakeSocket[];
  let live: LiveSocket;
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    live = new LiveSocket('ws://x/clob/ws/market', () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    });
  });
  afterEach(() => vi.useRealTimers());

  it('opens with the first subscription and names every asset in its first message', () => {
    expect(sockets).toHaveLength(0);
    live.subscribe('a', () => {});
    live.subscribe('b', () => {});
    expect(live.getStatus()).toBe('connecting');
    sockets[0]!.accept();
    expect(live.getStatus()).toBe('open');
    expect(sockets).toHaveLength(1);
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ type: 'market', assets_ids: ['a', 'b'] });
  });

  it('adds and drops assets on the open connection, once per asset whatever the listeners', () => {
    const stopA = live.subscribe('a', () => {});
    sockets[0]!.accept();
    const stopB1 = live.subscribe('b', () => {});
    const stopB2 = live.subscribe('b', () => {});
    vi.advanceTimersByTime(BATCH_MS);
    stopB1();
    stopB2();
    stopA();
    vi.advanceTimersByTime(BATCH_MS);
    expect(sockets[0]!.sent.slice(1).map((m) => JSON.parse(m))).toEqual([
      { operation: 'subscribe', assets_ids: ['b'] },
      { operation: 'unsubscribe', assets_ids: ['b', 'a'] },
    ]);
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(sockets[0]!.closed).toBe(1000);
    expect(live.getStatus()).toBe('idle');
  });

  it('tells a burst of changes (rows scrolling by) in one message each way; an asset added and dropped cancels out', () => {
    live.subscribe('a', () => {});
    sockets[0]!.accept();
    const stops = ['r1', 'r2', 'r3'].map((asset) => live.subscribe(asset, () => {}));
    const gone = live.subscribe('brief', () => {});
    gone();
    stops[0]!();
    vi.advanceTimersByTime(BATCH_MS);
    expect(sockets[0]!.sent.slice(1).map((m) => JSON.parse(m))).toEqual([
      { operation: 'subscribe', assets_ids: ['r2', 'r3'] },
    ]);
  });

  it('an asset dropped and added again within a batch is subscribed again, so its new listener gets a snapshot', () => {
    const stopRow = live.subscribe('t', () => {});
    sockets[0]!.accept();
    // The list's row goes before the event page's book comes: the list's book of `t` went with it.
    stopRow();
    const stopBook = live.subscribe('t', () => {});
    vi.advanceTimersByTime(BATCH_MS);
    expect(sockets[0]!.sent.slice(1).map((m) => JSON.parse(m))).toEqual([
      { operation: 'unsubscribe', assets_ids: ['t'] },
      { operation: 'subscribe', assets_ids: ['t'] },
    ]);
    // Renewed, then dropped within the next batch: dropped.
    stopBook();
    live.subscribe('t', () => {})();
    vi.advanceTimersByTime(BATCH_MS);
    expect(JSON.parse(sockets[0]!.sent.at(-1)!)).toEqual({ operation: 'unsubscribe', assets_ids: ['t'] });
    expect(sockets[0]!.sent).toHaveLength(4);
  });

  it('delivers each message to the listeners of its assets only', () => {
    const a: MarketMessage[] = [];
    const b: MarketMessage[] = [];
    live.subscribe('a', (m) => a.push(m));
    live.subscribe('b', (m) => b.push(m));
    sockets[0]!.accept();
    sockets[0]!.push(book('a'));
    sockets[0]!.push({
      event_type: 'price_change',
      market: 'm',
      price_changes: [{ asset_id: 'b', price: '0.5', size: '1', side: 'BUY' }],
    });
    sockets[0]!.onmessage?.({ data: 'PONG' });
    expect(a.map((m) => m.type)).toEqual(['book']);
    expect(b.map((m) => m.type)).toEqual(['price_change']);
  });

  it('pings every 10 s while open', () => {
    live.subscribe('a', () => {});
    sockets[0]!.accept();
    vi.advanceTimersByTime(PING_EVERY_MS * 2);
    expect(sockets[0]!.sent.filter((m) => m === 'PING')).toHaveLength(2);
  });

  it('after a drop, reconnects with backoff and subscribes every asset again', () => {
    live.subscribe('a', () => {});
    sockets[0]!.accept();
    sockets[0]!.drop();
    expect(live.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(2_000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(1_400);
    expect(sockets).toHaveLength(2); // the second wait is longer (about 2 s)
    vi.advanceTimersByTime(1_200);
    expect(sockets).toHaveLength(3);
    sockets[2]!.accept();
    expect(live.getStatus()).toBe('open');
    expect(JSON.parse(sockets[2]!.sent[0]!)).toEqual({ type: 'market', assets_ids: ['a'] });
  });

  it('stops pinging a dropped socket', () => {
    live.subscribe('a', () => {});
    sockets[0]!.accept();
    sockets[0]!.drop();
    vi.advanceTimersByTime(PING_EVERY_MS * 3);
    expect(sockets[0]!.sent.filter((m) => m === 'PING')).toHaveLength(0);
  });
});
