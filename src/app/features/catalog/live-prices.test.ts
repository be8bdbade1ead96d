import { describe, expect, it } from 'vitest';
import { decodeMarket } from '../../lib/decode-market';
import { makeEvent, makeMarket } from '../../test/render';
import { liveTokens, withLivePrices } from './live-prices';

const market = (id: string, price: string, extra: object = {}) => ({
  ...makeMarket({
    id,
    question: `Q${id}`,
    conditionId: `0x${id}`,
    outcomes: '["Yes","No"]',
    outcomePrices: JSON.stringify([price, String(1 - Number(price))]),
    clobTokenIds: [`${id}0`, `${id}1`],
  }),
  ...extra,
});

describe('live prices on list rows', () => {
  it('follows the outcome-0 token of the most likely tradable markets, at most four', () => {
    const event = makeEvent({
      markets: [
        market('1', '0.1'),
        market('2', '0.9'),
        market('3', '0.5', { closed: true }),
        market('4', '0.3'),
        market('5', '0.2'),
        market('6', '0.6'),
      ],
    });
    expect(liveTokens(event)).toEqual(['20', '60', '40', '50']);
  });

  it('shows the displayed price and moves the 24-hour change by as much', () => {
    const event = makeEvent({ markets: [market('1', '0.5', { oneDayPriceChange: 0.02 })] });
    const live = withLivePrices(event, new Map([['10', 5350]]));
    const m = live.markets[0]!;
    expect(decodeMarket(m).outcomes.map((o) => o.price)).toEqual([0.535, 0.465]);
    expect(m.oneDayPriceChange).toBeCloseTo(0.055, 6);
  });

  it('is the same event when nothing it follows has a live price, or the price did not move', () => {
    const event = makeEvent({ markets: [market('1', '0.5')] });
    expect(withLivePrices(event, new Map())).toBe(event);
    expect(withLivePrices(event, new Map([['10', 5000]]))).toBe(event);
    expect(withLivePrices(event, new Map([['99', 4000]]))).toBe(event);
  });
});
