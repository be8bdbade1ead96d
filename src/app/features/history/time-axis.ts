import { timeTicks } from 'd3-time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

export interface TimeTick {
  /** Seconds since the epoch, as the chart's x values. */
  t: number;
  label: string;
}

/** `3 PM`, `3:30 PM` in the viewer's zone (by hand, as lib/format: no Intl formatter to load). */
function clock(date: Date): string {
  const hours = date.getHours() % 12 || 12;
  const minutes = date.getMinutes();
  const suffix = date.getHours() < 12 ? 'AM' : 'PM';
  return minutes === 0 ? `${hours} ${suffix}` : `${hours}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

const day = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getDate()}`;
const month = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

/**
 * Ticks for a time axis from `from` to `to` (seconds), about `count` of them at round local times
 * (d3-time picks the interval: 1 h, 6 h, 1 day, 1 week, 1 month…), each labelled for its interval:
 * the hour within a day (the date at midnight), the day within a month, else the month and year.
 */
export function timeAxisTicks(from: number, to: number, count: number): TimeTick[] {
  if (!(to > from) || count < 1) return [];
  const dates = timeTicks(new Date(from * 1000), new Date(to * 1000), count);
  // The interval, as the widest gap: a gap at a month's turn may be shorter (below).
  let step = dates.length > 1 ? 0 : DAY_MS;
  for (let i = 1; i < dates.length; i++) step = Math.max(step, dates[i]!.getTime() - dates[i - 1]!.getTime());
  const label =
    step < DAY_MS
      ? (date: Date) => (date.getHours() === 0 && date.getMinutes() === 0 ? day(date) : clock(date))
      : step < 28 * DAY_MS
        ? day
        : month;
  // Every-n-days intervals start again on each month's 1st, so a month's last tick may sit a day before
  // the next month's first ("Oct 31 | Nov 1", labels that overlap): the month's 1st replaces it.
  const spaced: Date[] = [];
  for (const date of dates) {
    const last = spaced.at(-1);
    if (last && date.getTime() - last.getTime() < step * 0.75) spaced[spaced.length - 1] = date;
    else spaced.push(date);
  }
  return spaced.map((date) => ({ t: date.getTime() / 1000, label: label(date) }));
}
