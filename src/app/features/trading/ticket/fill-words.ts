import { formatCents, formatShares } from '../../../lib/live/figures';
import type { MakerFill } from '../../../lib/wallet/user-feed';

/**
 * A trade that filled resting orders of the wallet, in words: "At 21:45, your resting orders bought 4 Yes
 * at 30¢." (several: each), so a fill made by someone else is told as it happens, not only seen in the list.
 */
export function fillWords(
  fills: MakerFill[],
  market: { tokens: readonly [string, string]; names: readonly [string, string] },
  at: Date,
): string {
  const parts = fills.map((f) => {
    const name = market.names[market.tokens.indexOf(f.assetId)] ?? '';
    return `${f.side === 'BUY' ? 'bought' : 'sold'} ${formatShares(f.size)} ${name} at ${formatCents(f.price)}`;
  });
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `At ${time}, your resting order${fills.length > 1 ? 's' : ''} ${parts.join(' and ')}.`;
}
