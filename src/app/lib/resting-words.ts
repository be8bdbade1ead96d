import type { OpenOrder } from '../../contract/trading';
import { formatCents, formatShares, priceUnits } from './live/figures';

/**
 * A resting order in words, by what is left of it ("buy 6 Yes at 30¢" once 4 of 10 filled): what a
 * cancel would take off the book.
 */
export function restingWords(
  o: Pick<OpenOrder, 'side' | 'original_size' | 'size_matched' | 'outcome' | 'price'>,
) {
  const left = Number(o.original_size) - Number(o.size_matched);
  return `${o.side === 'BUY' ? 'buy' : 'sell'} ${formatShares(left)} ${o.outcome} at ${formatCents(priceUnits(o.price))}`;
}
