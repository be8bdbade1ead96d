import { cashFlows, partyFlow, reservation as heldBack } from '../../../engine/cash-flows';
import type { Fill, Outcome, Side } from '../../../engine/types';
import { BASE_PER_CENTISHARE } from '../units';

/**
 * The ledger's rules in base units. The rules themselves are the engine's (engine/cash-flows.ts: a resting
 * BUY holds back price × remaining of collateral, a SELL its shares; a buyer pays price × size and receives
 * the shares, a seller the reverse; a MINT creates sets, a MERGE burns them); here they are only scaled
 * from centishares to the base units balances are kept in.
 */
export interface PartyTerms {
  side: Side;
  outcome: Outcome;
  price: number;
  size: number;
}

export function reservation(terms: PartyTerms): { collateral: number; shares: number } {
  const flow = heldBack(terms, terms.size);
  return { collateral: flow.collateral, shares: flow.tokens[terms.outcome] * BASE_PER_CENTISHARE };
}

/**
 * What an incoming order's maker must have free: the worst case of the whole order, its reservation at
 * its own price, or for a market buy the budget it may spend.
 */
export function coverOf(order: PartyTerms & { budget?: number }): { collateral: number; shares: number } {
  return order.budget === undefined ? reservation(order) : { collateral: order.budget, shares: 0 };
}

export function fillEffect(terms: PartyTerms): { collateral: number; shares: number } {
  const flow = partyFlow(terms, terms.size);
  return { collateral: flow.collateral, shares: flow.tokens[terms.outcome] * BASE_PER_CENTISHARE };
}

/** Sets outstanding a fill creates (MINT) or burns (MERGE), in base units. */
export function setsEffect(fill: Fill): number {
  return cashFlows(fill).sets * BASE_PER_CENTISHARE;
}
