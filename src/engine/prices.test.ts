import { describe, expect, it } from 'vitest';
import { displayedPrice } from './prices';

describe('the displayed price', () => {
  it('is the midpoint while the spread is at most 0.10, else the last trade', () => {
    expect(displayedPrice({ bestBid: 4000, bestAsk: 4500, lastTrade: 3000 })).toBe(4250);
    expect(displayedPrice({ bestBid: 4000, bestAsk: 5000, lastTrade: 3000 })).toBe(4500);
    expect(displayedPrice({ bestBid: 4000, bestAsk: 5100, lastTrade: 3000 })).toBe(3000);
    expect(displayedPrice({ bestBid: 4000, bestAsk: null, lastTrade: null })).toBeNull();
  });
});
