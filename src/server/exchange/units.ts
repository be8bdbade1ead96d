import { FULL_SET_PRICE } from '../../engine/prices';

/**
 * The exchange's integer units (docs/exchange.md). Prices are 1/10,000 USDC per share (the engine's:
 * a price of 1 USDC, a full set, is FULL_SET_PRICE); sizes are centishares; balances are base units of 6
 * decimals. So the collateral of `size` at `price` is exactly `price × size` base units, and a full set
 * (one share of each outcome) of one centishare is 10,000.
 */
/** Base units of a token (or of collateral) in one centishare. */
export const BASE_PER_CENTISHARE = 10_000;
/** Base units in one share or one USDC. */
export const BASE_PER_UNIT = 1_000_000;
/** The asset key of paper collateral in balances (outcome tokens use their token id). */
export const COLLATERAL = 'collateral';

/** A price of 1/10,000 units as the reference's decimal text ("0.57", "0.0015"). */
export function priceText(price: number): string {
  return trimDecimal((price / FULL_SET_PRICE).toFixed(4));
}

/** Base units as a decimal string of whole units ("12.5"), for the reference's size and price fields. */
export function unitsText(base: number): string {
  return trimDecimal((base / BASE_PER_UNIT).toFixed(6));
}

/** Centishares as the reference's share count ("12.5"). */
export function sizeText(centishares: number): string {
  return trimDecimal((centishares / 100).toFixed(2));
}

function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** The largest amount one credit may be: a whole number of base units held exactly (2^53 − 1). */
export const MAX_CREDIT_UNITS = Number.MAX_SAFE_INTEGER;

/**
 * A decimal amount of whole units ("12.5") in base units, or null when it is not one, or more than
 * MAX_CREDIT_UNITS (about 9 billion USDC).
 */
export function baseUnitsOf(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return null;
  const units = Number(match[1]) * BASE_PER_UNIT + Number((match[2] ?? '').padEnd(6, '0'));
  return units <= MAX_CREDIT_UNITS ? units : null;
}
