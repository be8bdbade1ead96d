import { describe, expect, it, vi } from 'vitest';
import { ServerClock } from './server-clock';

describe('ServerClock', () => {
  it('asks the server once and keeps the offset, taken at the middle of the round trip', async () => {
    let local = 1_000_000_000;
    const fetchTime = vi.fn(async () => {
      local += 2000; // a 2 s round trip; the server answers at its midpoint
      return 1_000_000 + 500;
    });
    const clock = new ServerClock(fetchTime, () => local);
    expect(clock.isSynced).toBe(false);
    expect(await clock.now()).toBe(1_000_000 + 500 + 1);
    // Midpoint 1_000_001 s local, 1_000_500 s server.
    expect(clock.offset).toBe(499);
    local += 10_000;
    expect(await clock.now()).toBe(1_000_000 + 500 + 11);
    expect(fetchTime).toHaveBeenCalledTimes(1);
  });

  it('corrects itself from a server time the server reported', async () => {
    const clock = new ServerClock(
      async () => 0,
      () => 50_000,
    );
    clock.correctFrom(1_000);
    expect(clock.isSynced).toBe(true);
    expect(clock.offset).toBe(950);
    expect(await clock.now()).toBe(1_000);
  });
});
