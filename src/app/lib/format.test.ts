import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatEnds,
  formatExact,
  formatMoney,
  formatMoneyExact,
  formatPercent,
  formatRelative,
} from './format';

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
    expect(formatEnds('2026-11-20T00:00:00Z', now, false)).toBe('end date passed 2d ago');
    expect(formatEnds('2026-11-25T00:00:00Z', now, false)).toBe('ends in 3d');
  });
  it('exact, in the given zone with the zone named', () => {
    expect(formatExact('2025-09-17T18:00:00Z', 'UTC')).toBe('Sep 17, 2025, 6:00 PM UTC');
    expect(formatExact('2025-09-17T18:00:00Z', 'America/New_York')).toBe('Sep 17, 2025, 2:00 PM EDT');
    expect(formatExact('garbage')).toBe('unknown date');
  });
});

describe('the same text as Intl, without Intl', () => {
  const money = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  const whole = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always', style: 'narrow' });
  // Whole cents, as volumes come, across every magnitude up to beyond a quadrillion.
  const amounts = fc.oneof(
    fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 100),
    fc.double({ min: -1e17, max: 1e17, noNaN: true }).map((n) => Math.round(n * 100) / 100),
    fc.constantFrom(
      999.5,
      999_950,
      999_949.99,
      1_000,
      1_050,
      1_150,
      1_250,
      9_999_999,
      1e12,
      999_950_000_000,
      1.5e25,
    ),
  );

  it('formatMoney and formatMoneyExact', () => {
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatMoney(value)).toBe(Math.abs(value) < 1000 ? whole.format(value) : money.format(value));
        expect(formatMoneyExact(value)).toBe(whole.format(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('formatRelative', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    const units = [
      ['year', 365 * 24 * 3600],
      ['month', 30 * 24 * 3600],
      ['day', 24 * 3600],
      ['hour', 3600],
      ['minute', 60],
    ] as const;
    fc.assert(
      fc.property(fc.integer({ min: -2e12, max: 2e12 }), (offsetMs) => {
        const seconds = offsetMs / 1000;
        const unit = units.find(([, size]) => Math.abs(seconds) >= size);
        const expected = unit ? relative.format(Math.trunc(seconds / unit[1]), unit[0]) : 'now';
        expect(formatRelative(new Date(now + offsetMs).toISOString(), now)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('formatCount', () => {
    const count = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(formatCount(value)).toBe(count.format(value));
      }),
    );
  });
});

describe('formatExact in the viewer’s zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });
  it.each([
    ['UTC', '2025-09-17T18:00:00Z', 'Sep 17, 2025, 6:00 PM UTC'],
    ['UTC', '2025-01-02T00:05:00Z', 'Jan 2, 2025, 12:05 AM UTC'],
    ['UTC', '2025-01-02T12:59:00Z', 'Jan 2, 2025, 12:59 PM UTC'],
    ['Asia/Kolkata', '2025-09-17T18:00:00Z', 'Sep 17, 2025, 11:30 PM GMT+5:30'],
    ['Europe/Berlin', '2025-12-31T23:30:00Z', 'Jan 1, 2026, 12:30 AM GMT+1'],
    ['America/New_York', '2025-09-17T18:00:00Z', 'Sep 17, 2025, 2:00 PM GMT-4'],
  ])('%s: %s → %s', (zone, iso, expected) => {
    process.env.TZ = zone;
    expect(formatExact(iso)).toBe(expected);
  });
});

describe('formatExact in UTC (what a server-rendered page shows before the browser knows the zone)', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });
  const utc = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'UTC',
  });
  it('is Intl’s UTC text, whatever zone the machine is in', () => {
    process.env.TZ = 'Asia/Kolkata';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), (time) => {
        expect(formatExact(new Date(time).toISOString(), 'UTC')).toBe(utc.format(time));
      }),
      { numRuns: 2000 },
    );
  });
});
