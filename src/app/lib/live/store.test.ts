import { describe, expect, it, vi } from 'vitest';
import type { LiveSocket } from './live-socket';
import { LiveStore } from './store';
import { type MarketMessage, readMarketFrame } from './wire';

/** The socket as the store uses it: listeners per asset, fed by the test. */
function fakeSocket() {
  const listeners: [string, (m: MarketMessage) => void][] = [];
  const socket = {
    subscribe(asset: string, listener: (m: MarketMessage) => void) {
      const entry: (typeof listeners)[number] = [asset, listener];
      listeners.push(entry);
      return () => listeners.splice(listeners.indexOf(entry), 1);
    },
  } as unknown as LiveSocket;
  const send = (frame: object) => {
    for (const message of readMarketFrame(JSON.stringify(frame)))
      for (const [asset, listener] of [...listeners]) if (asset === 'a') listener(message);
  };
  return { socket, listeners, send };
}

const snapshot = { event_type: 'book', market: 'm', asset_id: 'a', bids: [], asks: [] };
const trade = {
  event_type: 'last_trade_price',
  market: 'm',
  asset_id: 'a',
  price: '0.5',
  size: '3',
  side: 'BUY',
  timestamp: '1700000000000',
  transaction_hash: '0x1',
};

describe('the live store', () => {
  it('subscribes an asset once however many watch it, so a trade prints once', () => {
    const { socket, listeners, send } = fakeSocket();
    const store = new LiveStore(socket);
    const book = vi.fn();
    const chart = vi.fn();
    const stopBook = store.watch('a', book);
    const stopChart = store.watch('a', chart);
    expect(listeners).toHaveLength(1);
    send(snapshot);
    send(trade);
    expect(store.book('a')?.tape).toHaveLength(1);
    expect([book.mock.calls.length, chart.mock.calls.length]).toEqual([2, 2]);
    // The book stays while anyone watches; the last to leave ends the subscription and drops it.
    stopBook();
    expect(store.book('a')).not.toBeNull();
    stopChart();
    expect(listeners).toHaveLength(0);
    expect(store.book('a')).toBeNull();
  });

  it('keeps two watches with the same callback apart: ending one leaves the other', () => {
    const { socket, listeners, send } = fakeSocket();
    const store = new LiveStore(socket);
    const onChange = vi.fn();
    const first = store.watch('a', onChange);
    store.watch('a', onChange);
    first();
    expect(listeners).toHaveLength(1);
    send(snapshot);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
