/** Number and date formatting for the dashboard: one place, the viewer's locale and time zone. */

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const wholeMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** `$1.2M`, `$950`, `$0`; anything not a finite number shows as an em dash. */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return Math.abs(value) < 1000 ? wholeMoney.format(value) : compactMoney.format(value);
}

/** Exact amount for tooltips: `$1,234,567`. */
export function formatMoneyExact(value: number): string {
  return Number.isFinite(value) ? wholeMoney.format(value) : '—';
}

/**
 * A probability in [0, 1] as a percentage to one decimal. Values that would round to 0.0 % or 100.0 %
 * without being exactly 0 or 1 show as `<0.1%` / `>99.9%`, so a long shot never reads as impossible.
 */
export function formatPercent(probability: number | null): string {
  if (probability === null || !Number.isFinite(probability)) return '—';
  const percent = probability * 100;
  if (percent > 0 && percent < 0.05) return '<0.1%';
  if (percent < 100 && percent >= 99.95) return '>99.9%';
  return `${percent.toFixed(1)}%`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always', style: 'narrow' });

/** `in 3 days`, `2 mo ago`, `now` relative to `now` (ms since epoch). */
export function formatRelative(iso: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  const seconds = (time - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'now';
}

const exactFormats = new Map<string, Intl.DateTimeFormat>();

/** Exact date and time in the viewer's time zone (or `timeZone`), with the zone named: `Sep 17, 2025, 6:00 PM UTC`. */
export function formatExact(iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'unknown date';
  const key = timeZone ?? '';
  let format = exactFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    exactFormats.set(key, format);
  }
  return format.format(time);
}

/** `ends in 3 d` / `ended 2 mo ago`: the phrase a list row shows for an end date. */
export function formatEnds(iso: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'no end date';
  return `${time >= now ? 'ends' : 'ended'} ${formatRelative(iso, now)}`;
}

const count = new Intl.NumberFormat('en-US');
export function formatCount(value: number): string {
  return count.format(value);
}
