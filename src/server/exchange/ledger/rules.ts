import type { Outcome, Side } from '../../../engine/types';
import { BASE_PER_CENTISHARE } from '../units';

/**
 * The ledger's rules, defined here and nowhere else (docs/exchange.md, "Money"):
 * - a resting BUY reserves price × remaining of collateral; a resting SELL reserves its shares;
 * - a party to a fill pays or receives price × size of collateral and receives or gives size shares;
 * - a MINT creates `size` sets (collateral locked in them), a MERGE burns them.
 * Amounts are base units; `price` is in the party's own outcome (1/10,000), `size` in centishares.
 */

/** What one party's side of an order or fill moves: collateral and shares of its outcome. */
export interface PartyTerms {
  side: Side;
  outcome: Outcome;
  price: number;
  size: number;
}

/** What a resting order holds back: `asset` is 'collateral' for a BUY, its outcome's token for a SELL. */
export function reservation(terms: PartyTerms): { collateral: number; shares: number } {
  return terms.side === 'BUY'
    ? { collateral: terms.price * terms.size, shares: 0 }
    : { collateral: 0, shares: terms.size * BASE_PER_CENTISHARE };
}

/** A party's balance changes for a fill: collateral and shares of its own outcome, in base units. */
export function fillEffect(terms: PartyTerms): { collateral: number; shares: number } {
  const cash = terms.price * terms.size;
  const shares = terms.size * BASE_PER_CENTISHARE;
  return terms.side === 'BUY' ? { collateral: -cash, shares } : { collateral: cash, shares: -shares };
}

/** Sets outstanding change of a fill, in base units: MINT creates, MERGE burns. */
export function setsEffect(kind: 'NORMAL' | 'MINT' | 'MERGE', size: number): number {
  const sets = size * BASE_PER_CENTISHARE;
  return kind === 'MINT' ? sets : kind === 'MERGE' ? -sets : 0;
}
