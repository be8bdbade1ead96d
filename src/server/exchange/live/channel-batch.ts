import type { Committed } from '../writer';
import { type AssetMessage, marketMessagesOf } from './market-messages';
import { type AddressMessage, userMessagesOf } from './user-messages';

/**
 * Everything one commit sends on the live channels, serialised once: what the bus carries between
 * processes and the hub hands to connections. `version` is the commit's place in the exchange's order
 * (every batch of every process counts one), by which receivers keep commit order.
 */
export interface ChannelBatch {
  version: number;
  market: AssetMessage[];
  user: AddressMessage[];
  /** Markets whose tick this commit changed: every process's lookups read them again (absent: none). */
  ticks?: string[];
}

export function channelBatchOf(committed: Committed, nowMs: number): ChannelBatch {
  const batch: ChannelBatch = {
    version: committed.version,
    market: marketMessagesOf(committed, nowMs),
    user: userMessagesOf(committed, nowMs),
  };
  if (committed.ticks.length > 0) batch.ticks = committed.ticks.map((t) => t.market.marketId);
  return batch;
}
