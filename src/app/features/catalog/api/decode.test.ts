import { describe, expect, it } from 'vitest';
import fed from '../../../../../fixtures/gamma/events-thabris-fed-september-negrisk.json';
import kraken from '../../../../../fixtures/gamma/events-bobaoxu2001-kraken-macron.json';
import { decodeEvent, decodeListOf, decodeTagWithCount } from './decode';

describe('decodeEvent', () => {
  it('reads real payloads: numbers as ids, a missing series as none, every market kept for decode-market', () => {
    const event = decodeEvent(fed)!;
    expect(event.id).toBe('481717');
    expect(event.series.map((s) => s.title)).toEqual(['FOMC']);
    expect(event.tags).toHaveLength(fed.tags.length);
    expect(event.markets).toHaveLength(fed.markets.length);
    const withoutSeries = decodeEvent(kraken[0])!;
    expect(withoutSeries.series).toEqual([]);
  });

  it('is lenient with untidy fields and strict about what makes an event', () => {
    const event = decodeEvent({
      id: 7,
      slug: 's',
      volume: '12.5',
      liquidity: 'n/a',
      description: null,
      tags: [null, { id: '1', label: 'A', slug: 'a' }, { label: 'no id' }],
      series: 'not a list',
      markets: [null, 'x', { id: 5, question: 'Q?' }],
    })!;
    expect(event).toMatchObject({
      id: '7',
      title: '',
      description: '',
      volume: 12.5,
      liquidity: 0,
      series: [],
    });
    expect(event.tags).toEqual([{ id: '1', label: 'A', slug: 'a' }]);
    expect(event.markets).toHaveLength(1);
    expect(event.markets[0]).toMatchObject({ id: '5', question: 'Q?', conditionId: '' });
    expect(decodeEvent(null)).toBeNull();
    expect(decodeEvent({ id: '1' })).toBeNull(); // no slug: no page to open
    expect(decodeEvent([])).toBeNull();
  });
});

describe('decodeListOf', () => {
  it('keeps the entries that decode, and refuses a body that is not a list', () => {
    const tags = decodeListOf(decodeTagWithCount);
    expect(
      tags([
        { id: '1', label: 'A', slug: 'a', eventCount: 3, activeEventCount: 2 },
        4,
        { id: '2', slug: 'b' },
      ]),
    ).toEqual([
      { id: '1', label: 'A', slug: 'a', eventCount: 3, activeEventCount: 2 },
      { id: '2', label: 'b', slug: 'b', eventCount: 0, activeEventCount: 0 },
    ]);
    expect(tags({ tags: [] })).toBeNull();
  });
});
