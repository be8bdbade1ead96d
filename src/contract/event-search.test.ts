import { describe, expect, it } from 'vitest';
import { marketInSearch, parseEventSearch } from './event-search';

describe('the event page’s search', () => {
  it('keeps a known range and a market id, and drops anything else to the defaults', () => {
    expect(parseEventSearch({ range: '1m', market: 123 })).toEqual({ range: '1m', market: 123 });
    expect(parseEventSearch({})).toEqual({ range: '1w' });
    expect(parseEventSearch(null)).toEqual({ range: '1w' });
    for (const market of ['123', -1, 1.5, 2 ** 60, 'x', null, {}])
      expect(parseEventSearch({ range: 'year', market })).toEqual({ range: '1w' });
  });

  it('puts a market id in a link as a number when the number reads back as the same id', () => {
    expect(marketInSearch('516710')).toBe(516710);
    expect(marketInSearch('0')).toBe(0);
    // The router would read these back as another id, or could not hold them: left out of the link.
    expect(marketInSearch('0123')).toBeUndefined();
    expect(marketInSearch('123456789012345678901')).toBeUndefined();
  });
});
