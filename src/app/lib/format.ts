/**
 * Number and date formatting for the dashboard: one place, en-US wording, the viewer's time zone.
 *
 * Written out by hand rather than with Intl: the first Intl formatter a page creates loads the ICU
 * locale data, 50–90 ms of main thread on a desktop (several times that on a phone), spent before the
 * first list can show. The output is the same as Intl's en-US formats (tested against Intl), except
 * that the viewer's zone is named by its offset (`GMT+2`, `UTC`) rather than an abbreviation (`EDT`).
 */

import { grouped } from '../../contract/money';

// Money is written the same on the server's cards: defined once, in contract/.
export { formatMoney, formatMoneyExact, grouped } from '../../contract/money';

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

const UNITS: [suffix: string, seconds: number][] = [
  ['y', 365 * 24 * 3600],
  ['mo', 30 * 24 * 3600],
  ['d', 24 * 3600],
  ['h', 3600],
  ['m', 60],
];

/** `in 3d`, `2mo ago`, `now` relative to `now` (ms since epoch): Intl's en narrow relative time. */
export function formatRelative(iso: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  const seconds = (time - now) / 1000;
  for (const [suffix, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      const amount = `${grouped(Math.trunc(Math.abs(seconds) / size))}${suffix}`;
      return seconds < 0 ? `${amount} ago` : `in ${amount}`;
    }
  }
  return 'now';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The viewer's zone at that moment as Intl's en-US short name for zones without an abbreviation: `GMT+5:30`, `UTC`. */
function zoneName(date: Date): string {
  const offset = -date.getTimezoneOffset();
  if (offset === 0) return 'UTC';
  const abs = Math.abs(offset);
  const minutes = abs % 60;
  return `GMT${offset < 0 ? '-' : '+'}${Math.floor(abs / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** In the viewer's zone (`Sep 17, 2025, 6:00 PM GMT+2`) or in UTC (`Sep 17, 2025, 4:00 PM UTC`). */
function exactByHand(time: number, utc: boolean): string {
  const date = new Date(time);
  const [year, month, day, hours, minutes] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()]
    : [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()];
  return `${MONTHS[month]} ${day}, ${year}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'} ${utc ? 'UTC' : zoneName(date)}`;
}

const exactFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Exact date and time with the zone named: the viewer's zone (`Sep 17, 2025, 6:00 PM GMT+2`), or
 * the given IANA `timeZone` through Intl (`Sep 17, 2025, 2:00 PM EDT`); UTC is written by hand
 * (what a server-rendered page shows until the browser knows the viewer's zone).
 */
export function formatExact(iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'unknown date';
  if (!timeZone || timeZone === 'UTC') return exactByHand(time, timeZone === 'UTC');
  let format = exactFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    });
    exactFormats.set(timeZone, format);
  }
  return format.format(time);
}

/** `ends in 3 d` / `ended 2 mo ago`: the phrase a list row shows for an end date. */
export function formatEnds(iso: string, now = Date.now(), closed = true): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'no end date';
  // An open event past its end date still trades until it is closed: not "ended" yet.
  return `${time >= now ? 'ends' : closed ? 'ended' : 'end date passed'} ${formatRelative(iso, now)}`;
}

/** A count with thousands separators: `12,345`. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return `${value < 0 ? '-' : ''}${grouped(Math.round(Math.abs(value)))}`;
}

/** A change in percentage points as lists show it: `▲ 4.1`, `▼ 0.3`, `0.0` (an arrow and the figure, never colour alone). */
export function formatChange(points: number): string {
  const size = Math.abs(points).toFixed(1);
  if (size === '0.0') return '0.0';
  return `${points > 0 ? '▲' : '▼'} ${size}`;
}
