import { describe, expect, it } from 'vitest';
import { timeAxisTicks } from './time-axis';

// The test run's zone is the machine's: build times in it, as the chart does.
const local = (y: number, m: number, d: number, h = 0) => new Date(y, m, d, h).getTime() / 1000;

describe('timeAxisTicks', () => {
  it('labels hours within a day, and a midnight with its date', () => {
    const ticks = timeAxisTicks(local(2026, 10, 23, 18), local(2026, 10, 24, 18), 4);
    expect(ticks.map((t) => t.label)).toEqual(['6 PM', 'Nov 24', '6 AM', '12 PM', '6 PM']);
    expect(ticks[1]!.t).toBe(local(2026, 10, 24));
  });

  it('labels days within a month and months beyond', () => {
    expect(timeAxisTicks(local(2026, 10, 1), local(2026, 10, 29), 4).map((t) => t.label)).toEqual([
      'Nov 1',
      'Nov 8',
      'Nov 15',
      'Nov 22',
      'Nov 29',
    ]);
    expect(timeAxisTicks(local(2026, 0, 15), local(2026, 11, 15), 4).map((t) => t.label)).toEqual([
      'Apr 2026',
      'Jul 2026',
      'Oct 2026',
    ]);
  });

  it('never puts a month’s last day right before the next month’s first, whose labels would overlap', () => {
    // Every second day from the 1st: Oct 31 and Nov 1 are one day apart.
    const labels = timeAxisTicks(local(2026, 9, 29, 14), local(2026, 10, 28, 14), 10).map((t) => t.label);
    expect(labels.slice(0, 3)).toEqual(['Nov 1', 'Nov 3', 'Nov 5']);
    const february = timeAxisTicks(local(2026, 0, 20, 14), local(2026, 1, 19, 14), 10).map((t) => t.label);
    expect(february.slice(4, 7)).toEqual(['Jan 29', 'Feb 1', 'Feb 3']);
  });

  it('has nothing to mark on an empty or single-point range', () => {
    expect(timeAxisTicks(100, 100, 5)).toEqual([]);
    expect(timeAxisTicks(200, 100, 5)).toEqual([]);
  });
});
