import type { Side, TimeInForce } from '../../../engine/types';
import { BASE_PER_CENTISHARE } from '../units';
import { FULL_SET_PRICE } from '../../../engine/prices';

/** Why a signed order's amounts cannot be traded here; each has the reference's sentence (trading-errors). */
export type TermsProblem = 'price-range' | 'tick' | 'precision' | 'min-size' | 'too-small' | 'too-large';

export type Terms =
  | { ok: true; price: number; size: number; budget?: number }
  | { ok: false; problem: TermsProblem };

/**
 * A signed order's amounts as the engine's terms (docs/exchange.md, "Units"). A BUY gives `makerAmount`
 * of collateral for `takerAmount` of shares; a SELL gives shares for collateral; both in base units.
 * - Orders that may rest (GTC, GTD) must be exact: shares in whole centishares, the price a multiple of
 *   the tick, and collateral exactly price × size; and at least the minimum size.
 * - Market orders (FOK, FAK) carry a worst price, which the reference clients compute from the book and
 *   round amounts around, so it may be off the tick: a BUY may pay at most makerAmount/takerAmount per
 *   share (rounded down to 1/10,000), a SELL must receive at least takerAmount/makerAmount (rounded up);
 *   shares beyond whole centishares are never traded. A market BUY spends its `makerAmount` (its budget,
 *   the dollars the reference clients are given), taking as many shares as that buys up to its price: a
 *   better price buys more shares than `takerAmount`, as on the reference.
 */
export function termsOf(input: {
  side: Side;
  makerAmount: bigint;
  takerAmount: bigint;
  timeInForce: TimeInForce;
  tick: number;
  minSize: number;
}): Terms {
  const { side, makerAmount, takerAmount, timeInForce, tick, minSize } = input;
  const shares = side === 'BUY' ? takerAmount : makerAmount;
  const cash = side === 'BUY' ? makerAmount : takerAmount;
  if (shares <= 0n) return { ok: false, problem: 'too-small' };
  // Shares for nothing is a price of 0: outside (0, 1), and told so.
  if (cash <= 0n) return { ok: false, problem: 'price-range' };
  // Sizes beyond 2^53 centishares cannot be held by anyone here; refuse before converting.
  if (shares > 9_000_000_000_000_000_000n || cash > 9_000_000_000_000_000_000n)
    return { ok: false, problem: 'too-large' };
  const scale = BigInt(FULL_SET_PRICE);
  const unit = BigInt(BASE_PER_CENTISHARE);
  const market = timeInForce === 'FOK' || timeInForce === 'FAK';
  const priceExact = (cash * scale) % shares === 0n;
  const price = Number(side === 'BUY' || priceExact ? (cash * scale) / shares : (cash * scale) / shares + 1n);
  const size = shares / unit;
  if (price < tick || price > FULL_SET_PRICE - tick) return { ok: false, problem: 'price-range' };
  if (size === 0n) return { ok: false, problem: 'too-small' };
  if (size > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'too-large' };
  if (!market) {
    if (shares % unit !== 0n || !priceExact) return { ok: false, problem: 'precision' };
    if (price % tick !== 0) return { ok: false, problem: 'tick' };
    if (size < BigInt(minSize)) return { ok: false, problem: 'min-size' };
  }
  if (!(market && side === 'BUY')) return { ok: true, price, size: Number(size) };
  // More collateral than anyone can hold here (and than a number keeps exact): no one's budget.
  if (cash > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'too-large' };
  return { ok: true, price, size: Number(size), budget: Number(cash) };
}
