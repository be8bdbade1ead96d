import { describe, expect, it } from 'vitest';
import { displayedPrice } from '../../engine/prices';
import { apply, changeLabel, changeText, chanceText, type LiveQuote, shown } from './embed-live-client';
import { buildEmbedLiveScript } from './embed-live';
import { formatChance, formatChange } from './event-card';

/** The embed's live script keeps the server's rule and figures (prices.ts, event-card.ts). */
describe("the embed card's live script", () => {
  it('shows the displayed price of the catalog: midpoint within 0.10, else the last trade', () => {
    const values = [null, 1, 2_500, 4_000, 4_999, 5_000, 5_001, 6_000, 9_999];
    for (const bid of values)
      for (const ask of values)
        for (const last of [null, 3_300])
          expect(shown({ bid, ask, last }), `${bid} ${ask} ${last}`).toBe(
            displayedPrice({ bestBid: bid, bestAsk: ask, lastTrade: last }),
          );
  });

  it('writes chances and changes as the server renders them', () => {
    for (let units = 0; units <= 10_000; units += 0.5)
      expect(chanceText(units), String(units)).toBe(formatChance(units / 10_000));
    for (const p of [0, 1, 49, 50, 51, 9_949, 9_950, 9_999, 10_000])
      expect(chanceText(p), String(p)).toBe(formatChance(p / 10_000));
    for (let basis = -3_000; basis <= 3_000; basis += 1) {
      const change = basis / 10_000;
      expect(changeText(change), String(change)).toBe(formatChange(change)?.text ?? '');
      if (changeText(change))
        expect(changeLabel(changeText(change))).toMatch(/^(up|down) \d+(\.\d)? points in 24 hours$/);
    }
  });

  it('reads the book, price changes, best prices and trades of its tokens only', () => {
    const quotes = new Map<string, LiveQuote>([['y', { bid: null, ask: null, last: null }]]);
    const q = quotes.get('y')!;
    expect(
      apply(quotes, {
        event_type: 'book',
        asset_id: 'y',
        bids: [
          { price: '0.40', size: '10' },
          { price: '0.42', size: '5' },
        ],
        asks: [
          { price: '0.60', size: '1' },
          { price: '0.50', size: '2' },
          { price: '0.45', size: '0' },
        ],
        last_trade_price: '',
      }),
    ).toEqual(['y']);
    expect(q).toEqual({ bid: 4_200, ask: 5_000, last: null });
    expect(shown(q)).toBe(4_600);
    apply(quotes, {
      event_type: 'price_change',
      price_changes: [
        { asset_id: 'y', price: '0.50', size: '0', side: 'SELL', best_bid: '0.42', best_ask: '1' },
        { asset_id: 'n', price: '0.45', size: '0', side: 'BUY', best_bid: '0', best_ask: '0.58' },
      ],
    });
    expect(q).toEqual({ bid: 4_200, ask: null, last: null });
    expect(shown(q)).toBeNull();
    apply(quotes, { event_type: 'last_trade_price', asset_id: 'y', price: '0.55' });
    expect(shown(q)).toBe(5_500);
    apply(quotes, { event_type: 'best_bid_ask', asset_id: 'y', best_bid: '0.5', best_ask: '0.52' });
    expect(shown(q)).toBe(5_100);
    expect(apply(quotes, { event_type: 'book', asset_id: 'other', bids: [], asks: [] })).toEqual([]);
    expect(apply(quotes, { event_type: 'last_trade_price', asset_id: 'y', price: 'x' })).toEqual([]);
    expect(apply(quotes, { event_type: 'tick_size_change', asset_id: 'y' })).toEqual([]);
    expect(apply(quotes, { event_type: 'price_change', price_changes: 'no' })).toEqual([]);
  });

  it('is built to a few kB of ES2020 at start', () => {
    const script = buildEmbedLiveScript();
    expect(script).not.toBeNull();
    expect(script!.body.length).toBeLessThan(4_000);
    expect(script!.body).toMatch(/^\(\(\)=>\{/);
  });
});
