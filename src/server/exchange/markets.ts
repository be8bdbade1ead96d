import { sql } from 'drizzle-orm';
import type { Outcome } from '../../engine/types';
import { type Db, rows } from '../db/open';

/** What the exchange needs of a catalog market to trade it. */
export interface TradableMarket {
  marketId: string;
  conditionId: string;
  /** Token ids of outcome 0 and 1. */
  tokens: readonly [string, string];
  negRisk: boolean;
  /** Price tick, 1/10,000 units (0.01 → 100). */
  tick: number;
  /** Minimum size of an order that rests, in centishares. */
  minSize: number;
}

export interface TokenMarket {
  market: TradableMarket;
  outcome: Outcome;
}

/** The default tick (0.01) and minimum size (5 shares) when the catalog names none. */
export const DEFAULT_TICK = 100;
export const DEFAULT_MIN_SIZE = 500;

/** How long a looked-up market is trusted before it is read again (a sync may close it). */
const TTL_MS = 2_000;

/**
 * Token id → tradable market, read from the catalog (a two-outcome market, active and not closed; any
 * other token has no book). Cached briefly, negative answers too, so hostile token ids cost one query.
 */
export class MarketRegistry {
  private readonly cache = new Map<string, { at: number; value: TokenMarket | null }>();

  constructor(private readonly db: Db) {}

  async byToken(tokenId: string): Promise<TokenMarket | null> {
    const hit = this.cache.get(tokenId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const value = await this.read(tokenId);
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(tokenId, { at: Date.now(), value });
    return value;
  }

  private async read(tokenId: string): Promise<TokenMarket | null> {
    const [row] = await rows<{
      market_id: string;
      condition_id: string;
      tokens: string[];
      neg_risk: boolean;
      outcome: number;
      tradable: boolean;
    }>(
      this.db,
      sql`SELECT m.id AS market_id, m.condition_id, m.clob_token_ids AS tokens, m.neg_risk, t.outcome,
                 (m.active AND NOT m.closed AND cardinality(m.clob_token_ids) = 2) AS tradable
          FROM outcome_tokens t JOIN markets m ON m.id = t.market_id
          WHERE t.token_id = ${tokenId}`,
    );
    if (!row?.tradable || (row.outcome !== 0 && row.outcome !== 1)) return null;
    return {
      outcome: row.outcome,
      market: {
        marketId: row.market_id,
        conditionId: row.condition_id,
        tokens: [row.tokens[0]!, row.tokens[1]!],
        negRisk: row.neg_risk,
        tick: DEFAULT_TICK,
        minSize: DEFAULT_MIN_SIZE,
      },
    };
  }
}
