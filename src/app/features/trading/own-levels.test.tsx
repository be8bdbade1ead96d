import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpenOrder } from '../../../contract/trading';
import { type LiveBook, emptyBook, viewOf } from '../../lib/live/book-state';
import { OrderBook } from './components/order-book';
import { ownLevels } from './own-levels';

const YES = '11';
const NO = '22';
const open = (fields: Partial<OpenOrder>): OpenOrder =>
  ({
    id: `0x${'1'.repeat(64)}`,
    status: 'LIVE',
    asset_id: YES,
    side: 'BUY',
    price: '0.4',
    original_size: '10',
    size_matched: '0',
    ...fields,
  }) as OpenOrder;

describe('the wallet’s own resting orders in the book', () => {
  it('are summed by level in the viewed outcome’s terms, the other token’s mirrored', () => {
    const mine = [
      open({ price: '0.4', original_size: '10', size_matched: '2.5' }),
      open({ price: '0.4', original_size: '0.1' }),
      // A BUY of No at 0.45 is an ask of Yes at 0.55; a SELL of No at 0.3, a bid of Yes at 0.7.
      open({ asset_id: NO, price: '0.45', original_size: '5' }),
      open({ asset_id: NO, side: 'SELL', price: '0.3', original_size: '3' }),
      // Wholly matched: nothing rests.
      open({ price: '0.2', original_size: '4', size_matched: '4' }),
    ];
    expect(ownLevels(mine, YES)).toEqual({
      bids: new Map([
        [4000, 7.6],
        [7000, 3],
      ]),
      asks: new Map([[5500, 5]]),
    });
    // From No's side the same orders: Yes's bids are No's asks, mirrored.
    expect(ownLevels(mine, NO)).toEqual({
      bids: new Map([[4500, 5]]),
      asks: new Map([
        [6000, 7.6],
        [3000, 3],
      ]),
    });
  });

  it('are marked on their levels, and named to a screen reader', () => {
    const book: LiveBook = {
      ...emptyBook(YES),
      bids: new Map([[4000, 20]]),
      asks: new Map([[5500, 15]]),
    };
    const own = ownLevels([open({ price: '0.4', original_size: '10' })], YES);
    render(<OrderBook view={viewOf(book, 0)} outcome="Yes" own={own} />);
    const rows = screen.getAllByRole('row');
    const bid = rows.find((r) => r.textContent?.includes('Bid 40¢'))!;
    expect(bid.textContent).toContain('20, 10 of them yours');
    const ask = rows.find((r) => r.textContent?.includes('Ask 55¢'))!;
    expect(ask.textContent).not.toContain('yours');
    expect(screen.getByText('Your resting orders')).toBeTruthy();
  });
});
