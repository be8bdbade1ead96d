import { describe, expect, it } from 'vitest';
import {
  centsDown,
  formatCents,
  formatDollars,
  formatDollarsDown,
  formatShares,
  formatSharesDown,
  formatDollarsExact,
} from './figures';

describe('book figures', () => {
  it('prices read in cents, to the tick', () => {
    expect([
      formatCents(5300),
      formatCents(5350),
      formatCents(25),
      formatCents(1),
      formatCents(null),
    ]).toEqual(['53¢', '53.5¢', '0.25¢', '0.01¢', '—']);
  });
  it('shares with separators and up to two decimals, dollars with cents', () => {
    expect([formatShares(1250), formatShares(12.5), formatShares(0.01), formatShares(1234567.25)]).toEqual([
      '1,250',
      '12.5',
      '0.01',
      '1,234,567.25',
    ]);
    expect([formatDollars(12.5), formatDollars(1234.049), formatDollars(0)]).toEqual([
      '$12.50',
      '$1,234.05',
      '$0.00',
    ]);
  });
});

describe('formatShares and formatSharesDown', () => {
  it('carries a hundredth that rounds up into the whole shares', () => {
    // 9.999 once read "9.10": the hundredths were rounded apart from the whole part.
    expect([formatShares(9.999), formatShares(0.995), formatShares(-1.5)]).toEqual(['10', '1', '-1.5']);
  });
  it('rounds what one can sell down, never up, and keeps a float just under a hundredth', () => {
    expect([formatSharesDown(9.999), formatSharesDown(0.29), formatSharesDown(1234.5678)]).toEqual([
      '9.99',
      '0.29',
      '1,234.56',
    ]);
  });
});

describe('formatDollarsExact', () => {
  it('gives the cents, as the preview does, and a fraction of a cent that moved; formatDollars otherwise', () => {
    // 32.25 shares at 62¢: $19.995 left the balance, which then read $930.01 less, not $20.00.
    expect(formatDollarsExact(32.25 * 0.62)).toBe('$20.00 ($19.995 exactly)');
    // A $5 market buy at 89¢ spends $4.9929 of its budget: the preview said $4.99.
    expect(formatDollarsExact(4.9929)).toBe('$4.99 ($4.9929 exactly)');
    expect(formatDollarsExact(20)).toBe('$20.00');
    expect(formatDollarsExact(1234.5)).toBe('$1,234.50');
    expect(formatDollarsExact(0.000001)).toBe('$0.00 ($0.000001 exactly)');
    expect(formatDollarsExact(-1234.5675)).toBe('-$1,234.57 (-$1,234.5675 exactly)');
  });
});

describe('formatDollarsDown', () => {
  it('shows money one can spend rounded down to the cent, never as more than it is', () => {
    // A trial wallet held $991.9071: it read "$991.91 free", and an order for $991.91 was refused.
    expect(formatDollarsDown(991.9071)).toBe('$991.90');
    expect(formatDollarsDown(0.009)).toBe('$0.00');
    expect(formatDollarsDown(1234.999999)).toBe('$1,234.99');
    // Whole cents stay as they are, floats that fall just below them included.
    expect(formatDollarsDown(991.91)).toBe('$991.91');
    expect(formatDollarsDown(0.29)).toBe('$0.29');
    expect(formatDollarsDown(991_910_000 / 1e6)).toBe('$991.91');
    expect(centsDown(965.2451)).toBe(965.24);
  });
});
