import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Channel, type SocketLike } from './channel';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

describe('a live channel', () => {
  let sockets: FakeSocket[];
  let opened: boolean[];
  let channel: Channel;
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    opened = [];
    channel = new Channel(
      'ws://x/clob/ws/user',
      () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      {
        hello: () => 'hello',
        message: () => {},
        opened: (again) => opened.push(again),
        isFinal: (code) => code === 4401,
      },
    );
  });
  afterEach(() => vi.useRealTimers());

  it('says hello on every open and tells the owner when an open follows a drop', () => {
    channel.start();
    sockets[0]!.accept();
    sockets[0]!.drop();
    expect(channel.getStatus()).toBe('reconnecting');
    expect(channel.retryAt).not.toBeNull();
    channel.retryNow();
    sockets[1]!.accept();
    expect(sockets.map((s) => s.sent[0])).toEqual(['hello', 'hello']);
    expect(opened).toEqual([false, true]);
  });

  it('stops after a final close code, keeping the reason', () => {
    channel.start();
    sockets[0]!.accept();
    sockets[0]!.drop(4401, 'auth.apiKey has expired; create a new key');
    expect(channel.getStatus()).toBe('refused');
    expect(channel.lastClose).toEqual({ code: 4401, reason: 'auth.apiKey has expired; create a new key' });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('stop closes and reconnects no more', () => {
    channel.start();
    sockets[0]!.accept();
    channel.stop();
    expect(channel.getStatus()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
