import { FULL_SET_PRICE } from '../../../engine/prices';
import { grouped } from '../format';

/** The figures of live trading data: the book, the tape, the ticket and the Portfolio. */

/** 1/10,000 of a dollar: the smallest tick of the reference, and the price of a full set. */
export const PRICE_UNITS = FULL_SET_PRICE;

/** A decimal price of the API ("0.3967") in the book's units (3967), for formatCents. */
export const priceUnits = (decimal: string | number): number => Math.round(Number(decimal) * PRICE_UNITS);

/**
 * A price of the book or the ticket in cents, from 1/10,000 units: `53¢`, `53.5¢`, `0.25¢` on fine
 * ticks (UI brief: prices in cents, chances in percent, so the two are never mixed up).
 */
export function formatCents(units: number | null): string {
  if (units === null || !Number.isFinite(units)) return '—';
  return `${Number((units / 100).toFixed(2))}¢`;
}

/** Shares as the book shows them, to the hundredth: `1,250`, `12.5`, `0.01`. */
export function formatShares(value: number): string {
  return hundredthsOfShares(Math.round(value * 100));
}

/** Shares one can sell, rounded down to the hundredth: `9.99` for 9.999 free, never more than is there. */
export function formatSharesDown(value: number): string {
  // The nudge keeps a float just under a whole hundredth (0.29 * 100 = 28.999…) from losing it.
  return hundredthsOfShares(Math.floor(value * 100 + 1e-9));
}

function hundredthsOfShares(hundredths: number): string {
  if (!Number.isFinite(hundredths)) return '—';
  const magnitude = Math.abs(hundredths);
  const fraction = magnitude % 100;
  const text = fraction ? `.${String(fraction).padStart(2, '0').replace(/0$/, '')}` : '';
  return `${hundredths < 0 ? '-' : ''}${grouped(Math.floor(magnitude / 100))}${text}`;
}

/**
 * Dollars to the cent, and to the base unit too when a fraction of a cent moved ("$4.99 ($4.9929
 * exactly)"): what a trade took or gave. The cents match the preview's figures; the exact amount is what
 * the balance, shown to the cent, then moved by.
 */
export function formatDollarsExact(value: number): string {
  const cents = formatDollars(value);
  const fine = formatDollarsFine(value);
  return fine === cents ? cents : `${cents} (${fine} exactly)`;
}

/** Dollars to the cent, or to the base unit when there is a fraction of a cent: `$5.000346`, `$20.00`. */
export function formatDollarsFine(value: number): string {
  const cents = formatDollars(value);
  if (!Number.isFinite(value) || Number.isInteger(Math.round(value * 1e6) / 1e4)) return cents;
  const [whole, fraction] = Math.abs(value).toFixed(6).replace(/0+$/, '').split('.') as [string, string];
  return `${value < 0 ? '-' : ''}$${grouped(Number(whole))}.${fraction}`;
}

/**
 * Dollars rounded down to the whole cent: what one can spend is never shown as more than it is
 * ($991.9071 free is $991.90, not $991.91). Rounded to the base unit (1/1,000,000) first, so a float
 * such as 991.91 (991.90999…) stays 991.91.
 */
export function centsDown(dollars: number): number {
  if (!Number.isFinite(dollars)) return dollars;
  return Math.floor(Math.round(dollars * 1e6) / 1e4) / 100;
}

/** Dollars one can spend, to the cent and rounded down: `$991.90` for $991.9071 free. */
export function formatDollarsDown(value: number): string {
  return formatDollars(centsDown(value));
}

/** Dollars with cents: `$12.50`, `$1,234.05`. */
export function formatDollars(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const cents = Math.round(Math.abs(value) * 100);
  return `${value < 0 ? '-' : ''}$${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}
