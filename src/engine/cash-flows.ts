import type { Fill, Outcome, Side } from './types';

/**
 * The money rule of a match, so the ledger applies it rather than re-deriving it. Amounts are integers:
 * collateral in base units of USDC (price × centishares), tokens in centishares.
 */

/** What one party gains (positive) or gives up (negative). */
export interface PartyFlow {
  collateral: number;
  /** Indexed by outcome. */
  tokens: [number, number];
}

export interface FillFlows {
  taker: PartyFlow;
  maker: PartyFlow;
  /** Full sets created (MINT: +size), burned (MERGE: −size), or 0 (NORMAL: tokens change hands). */
  sets: number;
}

/** A buyer pays price × size and receives the shares; a seller the reverse. */
export function partyFlow(party: { outcome: Outcome; side: Side; price: number }, size: number): PartyFlow {
  const sign = party.side === 'BUY' ? 1 : -1;
  const tokens: [number, number] = [0, 0];
  tokens[party.outcome] = sign * size;
  return { collateral: -sign * party.price * size, tokens };
}

export function cashFlows(fill: Fill): FillFlows {
  const sets = fill.kind === 'MINT' ? fill.size : fill.kind === 'MERGE' ? -fill.size : 0;
  return { taker: partyFlow(fill.taker, fill.size), maker: partyFlow(fill.maker, fill.size), sets };
}

/** What a resting order holds back from its maker's free balance: a BUY its cost, a SELL its shares. */
export function reservation(
  order: { outcome: Outcome; side: Side; price: number },
  remaining: number,
): PartyFlow {
  const tokens: [number, number] = [0, 0];
  if (order.side === 'SELL') tokens[order.outcome] = remaining;
  return { collateral: order.side === 'BUY' ? order.price * remaining : 0, tokens };
}
