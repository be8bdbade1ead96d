import { describe, expect, it } from 'vitest';
import { formatEnds, formatExact, formatMoney, formatPercent, formatRelative } from './format';

describe('formatMoney', () => {
  it.each([
    [0, '$0'],
    [950, '$950'],
    [999.6, '$1,000'],
    [1234, '$1.2K'],
    [26_438_784.97, '$26.4M'],
    [3_200_000_000, '$3.2B'],
    [Number.NaN, '—'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%s → %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
  it('does not crash on a string that slipped through', () => {
    expect(formatMoney('12' as never)).toBe('—');
  });
});

describe('formatPercent', () => {
  it.each([
    [0.743, '74.3%'],
    [0.0025, '0.3%'],
    [0, '0.0%'],
    [1, '100.0%'],
    [0.0000004113679809846114, '<0.1%'],
    [Number('0.9999995886320190153885986409901813'), '>99.9%'],
    [null, '—'],
  ])('%s → %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });
});

describe('dates', () => {
  const now = Date.parse('2026-11-22T00:00:00Z');
  it('relative, both directions', () => {
    expect(formatRelative('2026-11-25T00:00:00Z', now)).toBe('in 3d');
    expect(formatRelative('2026-09-20T00:00:00Z', now)).toBe('2mo ago');
    expect(formatRelative('2026-11-22T00:00:20Z', now)).toBe('now');
    expect(formatRelative('not a date', now)).toBe('—');
  });
  it('says ends/ended', () => {
    expect(formatEnds('2026-11-25T00:00:00Z', now)).toBe('ends in 3d');
    expect(formatEnds('2026-11-20T00:00:00Z', now)).toBe('ended 2d ago');
  });
  it('exact, in the given zone with the zone named', () => {
    expect(formatExact('2025-09-17T18:00:00Z', 'UTC')).toBe('Sep 17, 2025, 6:00 PM UTC');
    expect(formatExact('2025-09-17T18:00:00Z', 'America/New_York')).toBe('Sep 17, 2025, 2:00 PM EDT');
    expect(formatExact('garbage')).toBe('unknown date');
  });
});
