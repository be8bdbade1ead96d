import { describe, expect, it, vi } from 'vitest';
import { ClockSkewError, MAX_CLOCK_SKEW_SECONDS, ServerClock } from './server-clock';

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
      () => 500_000,
    );
    clock.correctFrom(1_000);
    expect(clock.isSynced).toBe(true);
    expect(clock.offset).toBe(500);
    expect(await clock.now()).toBe(1_000);
  });

  it('refuses to give a time to sign with when the server is more than 10 minutes off, either way', async () => {
    const local = 1_800_000_000_000;
    const at = (offset: number) =>
      new ServerClock(
        async () => local / 1000 + offset,
        () => local,
      );
    expect(MAX_CLOCK_SKEW_SECONDS).toBe(600);
    expect(await at(600).now()).toBe(local / 1000 + 600);
    expect(await at(-600).now()).toBe(local / 1000 - 600);
    await expect(at(601).now()).rejects.toBeInstanceOf(ClockSkewError);
    await expect(at(-601).now()).rejects.toMatchObject({ offsetSeconds: -601 });
    // A forged SVC_SERVER_TIME is held to the same rule.
    const clock = at(0);
    clock.correctFrom(local / 1000 + 86_400 * 365);
    await expect(clock.now()).rejects.toBeInstanceOf(ClockSkewError);
  });
});
