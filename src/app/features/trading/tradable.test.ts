import { describe, expect, it } from 'vitest';
import { withMarket } from './tradable';

describe('an outcome named with its market', () => {
  it('brackets the market, or follows a dot when the market has brackets of its own', () => {
    expect(withMarket('Yes', undefined)).toBe('Yes');
    expect(withMarket('Yes', 'Fulham')).toBe('Yes (Fulham)');
    expect(withMarket('Dolphins', 'Spread: Dolphins (-5.5)')).toBe('Dolphins · Spread: Dolphins (-5.5)');
  });
});
