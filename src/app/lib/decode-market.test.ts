import { describe, expect, it } from 'vitest';
import kraken from '../../../fixtures/gamma/events-bobaoxu2001-kraken-macron.json';
import nba from '../../../fixtures/gamma/events-alfagov-nba-2890-closed.json';
import fed from '../../../fixtures/gamma/events-thabris-fed-september-negrisk.json';
import { decodeMarket, headlineOutcome } from './decode-market';

describe('decodeMarket', () => {
  it('decodes the contract form: JSON strings for outcomes/prices, an array of token ids', () => {
    const d = decodeMarket({
      outcomes: '["Yes","No"]',
      outcomePrices: '["0.37","0.63"]',
      clobTokenIds: ['11', '22'],
    });
    expect(d.hasPrices).toBe(true);
    expect(d.outcomes).toEqual([
      { label: 'Yes', price: 0.37, tokenId: '11' },
      { label: 'No', price: 0.63, tokenId: '22' },
    ]);
    expect(d.ranked.map((o) => o.label)).toEqual(['No', 'Yes']);
    expect(d.leading?.label).toBe('No');
  });

  it('accepts real-world variants: arrays instead of strings, numeric prices, token ids as a JSON string', () => {
    const d = decodeMarket({
      outcomes: ['A', 'B', 'C'],
      outcomePrices: [0.2, '0.5', 0.3],
      clobTokenIds: '["1","2","3"]',
    });
    expect(d.outcomes.map((o) => [o.label, o.price, o.tokenId])).toEqual([
      ['A', 0.2, '1'],
      ['B', 0.5, '2'],
      ['C', 0.3, '3'],
    ]);
    expect(d.leading?.label).toBe('B');
  });

  it('reads 40-digit price strings (closed AMM market of the NBA fixture)', () => {
    const market = nba.markets[0]!;
    const d = decodeMarket(market);
    expect(d.hasPrices).toBe(true);
    expect(d.leading?.label).toBe('No');
    expect(d.outcomes[0]!.price).toBeCloseTo(0.0000004113679809846114, 15);
    expect(d.outcomes.every((o) => o.tokenId && /^[0-9]+$/.test(o.tokenId))).toBe(true);
  });

  it('keeps 76- and 77-digit token ids exactly (neg-risk fixture)', () => {
    for (const market of fed.markets) {
      const d = decodeMarket(market);
      const expected = JSON.parse(market.clobTokenIds) as string[];
      expect(d.outcomes.map((o) => o.tokenId)).toEqual(expected);
      expect(d.hasPrices).toBe(true);
    }
  });

  it('shows a placeholder market (no prices, no token ids, empty condition id) without prices', () => {
    const placeholder = kraken[0]!.markets.find((m) => m.conditionId === '')!;
    const d = decodeMarket(placeholder);
    expect(d.outcomes.map((o) => o.label)).toEqual(['Yes', 'No']);
    expect(d.hasPrices).toBe(false);
    expect(d.leading).toBeNull();
    expect(d.outcomes.every((o) => o.price === null && o.tokenId === null)).toBe(true);
  });

  it.each([
    ['prices not JSON', { outcomes: '["Yes","No"]', outcomePrices: '[0.5, oops' }],
    ['prices of another length', { outcomes: '["Yes","No"]', outcomePrices: '["1"]' }],
    ['a price above 1', { outcomes: '["Yes","No"]', outcomePrices: '["1.5","0"]' }],
    ['a negative price', { outcomes: '["Yes","No"]', outcomePrices: '["-0.1","1.1"]' }],
    ['a price that is not a number', { outcomes: '["Yes","No"]', outcomePrices: '["abc","0.5"]' }],
    ['prices as an object', { outcomes: '["Yes","No"]', outcomePrices: { a: 1 } }],
    ['NaN and Infinity', { outcomes: ['Yes', 'No'], outcomePrices: [Number.NaN, Number.POSITIVE_INFINITY] }],
  ])('degrades on %s: outcomes kept, no prices', (_name, market) => {
    const d = decodeMarket(market);
    expect(d.outcomes.map((o) => o.label)).toEqual(['Yes', 'No']);
    expect(d.hasPrices).toBe(false);
    expect(d.outcomes.every((o) => o.price === null)).toBe(true);
  });

  it.each([
    ['nothing at all', {}],
    ['null fields', { outcomes: null, outcomePrices: null, clobTokenIds: null }],
    ['outcomes not an array', { outcomes: '"Yes"', outcomePrices: '["1"]' }],
    ['outcomes with an object', { outcomes: [{ x: 1 }, 'No'], outcomePrices: ['0.5', '0.5'] }],
    ['a number', { outcomes: 42, outcomePrices: 42, clobTokenIds: 42 }],
  ])('never throws on %s', (_name, market) => {
    const d = decodeMarket(market as never);
    expect(d.outcomes).toEqual([]);
    expect(d.hasPrices).toBe(false);
    expect(headlineOutcome(d)).toBeNull();
  });

  it('drops token ids that do not line up with the outcomes, and numeric ones (they lost digits)', () => {
    expect(
      decodeMarket({ outcomes: ['Yes', 'No'], clobTokenIds: ['1'] }).outcomes.map((o) => o.tokenId),
    ).toEqual([null, null]);
    expect(
      decodeMarket({ outcomes: ['Yes', 'No'], clobTokenIds: [1e76, '2'] }).outcomes.map((o) => o.tokenId),
    ).toEqual([null, '2']);
  });

  it('ranks ties in catalog order', () => {
    const d = decodeMarket({ outcomes: ['A', 'B'], outcomePrices: ['0.5', '0.5'] });
    expect(d.ranked.map((o) => o.label)).toEqual(['A', 'B']);
  });
});

describe('headlineOutcome', () => {
  it('is the Yes side of a Yes/No market even when No leads', () => {
    const d = decodeMarket({ outcomes: '["Yes","No"]', outcomePrices: '["0.2","0.8"]' });
    expect(headlineOutcome(d)).toMatchObject({ label: 'Yes', price: 0.2 });
  });
  it('is the leading outcome otherwise', () => {
    const d = decodeMarket({ outcomes: '["Mavericks","Grizzlies"]', outcomePrices: '["0.3","0.7"]' });
    expect(headlineOutcome(d)).toMatchObject({ label: 'Grizzlies' });
  });
});
