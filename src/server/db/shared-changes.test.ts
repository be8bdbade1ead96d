import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ChangeSignal } from '../change-signal';
import { shareChanges } from './shared-changes';

const url = process.env.TEST_DATABASE_URL;
const quiet = { warn: () => {}, info: () => {} };

/** Two processes' signals on one PostgreSQL database (LISTEN/NOTIFY), as db/shared-changes.ts shares them. */
describe.runIf(url)('catalog changes shared between processes', () => {
  it('reach the other process once, and come back to none', async () => {
    const channel = `test_changes_${randomUUID().replaceAll('-', '')}`;
    const [a, b] = [new ChangeSignal(), new ChangeSignal()];
    const [heardA, heardB] = [vi.fn(), vi.fn()];
    a.on(heardA);
    b.on(heardB);
    const stops = await Promise.all([
      shareChanges(url!, channel, a, quiet),
      shareChanges(url!, channel, b, quiet),
    ]);
    try {
      a.emit();
      expect(heardA).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(heardB).toHaveBeenCalledTimes(1));
      b.emit();
      await vi.waitFor(() => expect(heardA).toHaveBeenCalledTimes(2));
      // Neither hears its own change twice, nor hears of it again from the other.
      await new Promise((r) => setTimeout(r, 300));
      expect([heardA.mock.calls.length, heardB.mock.calls.length]).toEqual([2, 2]);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
    // Stopped: a change stays in its process.
    a.emit();
    await new Promise((r) => setTimeout(r, 300));
    expect(heardB).toHaveBeenCalledTimes(2);
  });
});
