import type { OpenOrder } from '../../../../contract/trading';
import type { Side } from '../../../../engine/types';
import { restingWords } from '../../../lib/resting-words';
import { inTermsOf } from '../own-levels';

/**
 * The owner's resting orders an order reaching `price` would meet: the exchange never trades a wallet with itself, and
 * cancels such a resting order instead (docs/api.md, How orders match). Compared in the order's own
 * outcome's terms: an order of the other token is the mirror (side turned, price 1 − q).
 */
export function ownOrdersCrossed(
  order: { tokenId: string; side: Side; price: number },
  mine: readonly OpenOrder[],
): OpenOrder[] {
  return mine.filter((o) => {
    const { side, price } = inTermsOf(o, order.tokenId);
    return order.side === 'BUY'
      ? side === 'SELL' && price <= order.price
      : side === 'BUY' && price >= order.price;
  });
}

/** Why an order that would meet the owner's own resting orders is not sent, in words. */
export function selfTradeSentence(crossed: readonly OpenOrder[]): string {
  const [first] = crossed;
  const which =
    crossed.length === 1 && first
      ? `your order to ${restingWords(first)}`
      : `${crossed.length} of your resting orders`;
  const them = crossed.length === 1 ? 'it' : 'them';
  return `This order would meet ${which}. The exchange never trades a wallet with itself: it would cancel ${them} instead. Cancel ${them} under “Your open orders here”, or change the price.`;
}
