/**
 * Money as the dashboard and the server's cards (share previews, embeds) both write it: one place, in
 * the exact digits of Intl's en-US formats, written out by hand (see src/app/lib/format.ts for why).
 */

/** `1234567` → `1,234,567` for a non-negative integer, in the shortest decimal digits, as Intl prints it. */
export function grouped(integer: number): string {
  let digits = String(integer);
  const exponent = digits.indexOf('e+');
  if (exponent !== -1) {
    // 1e21 and up: String() switches to exponent notation.
    const mantissa = digits.slice(0, exponent).replace('.', '');
    digits = mantissa.padEnd(Number(digits.slice(exponent + 2)) + 1, '0');
  }
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function negative(value: number): boolean {
  return value < 0 || Object.is(value, -0);
}

/** `$1,234`: whole dollars, rounded half away from zero like Intl. */
function wholeDollars(value: number): string {
  return `${negative(value) ? '-' : ''}$${grouped(Math.round(Math.abs(value)))}`;
}

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'] as const;

/** `$1.2K`, `$26.4M`, `$3.2B`, `$1,500T`: Intl's en-US compact currency with at most one decimal. */
function compactDollars(value: number): string {
  const abs = Math.abs(value);
  let unit = abs >= 1e12 ? 4 : abs >= 1e9 ? 3 : abs >= 1e6 ? 2 : 1;
  // Tenths of the unit, rounded half up; a value that rounds up to 1000 of a unit moves to the next one.
  let tenths = Math.round(abs / 10 ** (unit * 3 - 1));
  if (tenths >= 10_000 && unit < COMPACT_UNITS.length - 1) {
    unit += 1;
    tenths = Math.round(abs / 10 ** (unit * 3 - 1));
  }
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  // Compact notation groups only from five digits on (`$1000T`, `$10,000T`).
  const digits = whole < 10_000 ? String(whole) : grouped(whole);
  return `${negative(value) ? '-' : ''}$${digits}${decimal ? `.${decimal}` : ''}${COMPACT_UNITS[unit]}`;
}

/** `$1.2M`, `$950`, `$0`; anything not a finite number shows as an em dash. */
export function formatMoney(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  // Below 1000 whole dollars (999.6 → `$1,000`, as Intl rounds it); from 1000 on, compact.
  return Math.abs(value) < 1000 ? wholeDollars(value) : compactDollars(value);
}

/** Exact amount for tooltips: `$1,234,567`. */
export function formatMoneyExact(value: number): string {
  return typeof value === 'number' && Number.isFinite(value) ? wholeDollars(value) : '—';
}
