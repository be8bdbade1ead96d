import { describe, expect, it } from 'vitest';
import type { Event } from '../../contract/catalog';
import { eventCard, formatChance, formatChange, formatVolume } from './event-card';
import { sparkline } from './sparkline';

describe('the card’s numbers', () => {
  it('chances in whole points, long shots never 0% or 100%', () => {
    expect([0, 0.001, 0.004, 0.685, 0.996, 1, null].map(formatChance)).toEqual([
      '0%',
      '<1%',
      '<1%',
      '69%',
      '>99%',
      '100%',
      '—',
    ]);
  });

  it('24-hour changes in points, nothing when they round to zero', () => {
    expect(formatChange(0.021)).toEqual({ text: '▲ 2.1', up: true });
    expect(formatChange(-0.123)).toEqual({ text: '▼ 12', up: false });
    expect(formatChange(0.0004)).toBeNull();
    expect(formatChange(null)).toBeNull();
  });

  it('volume as the dashboard writes money', () => {
    expect([0, 950, 999.6, 1_234, 47_230_067, 999_960, 3.2e9, Number.NaN].map(formatVolume)).toEqual([
      '$0',
      '$950',
      '$1,000',
      '$1.2K',
      '$47.2M',
      '$1M',
      '$3.2B',
      '$0',
    ]);
  });

  it('a sparkline needs two points; a flat history is a flat line mid-height, its box 10 points tall', () => {
    expect(sparkline([{ t: 1, p: 0.5 }], 100, 10)).toBeNull();
    expect(
      sparkline(
        [
          { t: 0, p: 0.5 },
          { t: 10, p: 0.5 },
        ],
        100,
        10,
      ),
    ).toEqual({ path: 'M0.0 5.0L100.0 5.0', low: expect.closeTo(0.45), high: expect.closeTo(0.55) });
  });

  it('a sparkline’s box is fitted to its prices, which the card prints at its edges', () => {
    const drawn = sparkline(
      [
        { t: 0, p: 0.52 },
        { t: 5, p: 0.7 },
        { t: 10, p: 0.61 },
      ],
      100,
      10,
    );
    expect(drawn).toMatchObject({ low: 0.52, high: 0.7 });
    expect(drawn!.path).toBe('M0.0 10.0L50.0 0.0L100.0 5.0');
  });

  it('a sparkline’s box ends on whole points, whose chances read exactly', () => {
    // Near the top, the 10-point box would end at 0.9995, "≥99%"; it ends at 1 instead.
    const high = sparkline(
      [
        { t: 0, p: 0.947 },
        { t: 10, p: 0.952 },
      ],
      100,
      10,
    );
    expect([high!.low, high!.high]).toEqual([0.89, 1]);
    const uneven = sparkline(
      [
        { t: 0, p: 0.123 },
        { t: 10, p: 0.456 },
      ],
      100,
      10,
    );
    expect([uneven!.low, uneven!.high]).toEqual([0.12, 0.46]);
  });
});

describe('the card’s outcomes', () => {
  it('names the outcome a market’s chance is of, unless it is Yes', () => {
    const market = (question: string, outcomes: string[], prices: string[]) => ({
      question,
      groupItemTitle: '',
      outcomes: JSON.stringify(outcomes),
      outcomePrices: JSON.stringify(prices),
      clobTokenIds: ['1', '2'],
      active: true,
      closed: false,
    });
    const event = {
      slug: 'g',
      title: 'Hawks vs. Nets',
      volume: 1,
      closed: false,
      markets: [
        market('Hawks vs. Nets: O/U 224.5', ['Over', 'Under'], ['0.135', '0.865']),
        market('Will the Hawks win by 20?', ['Yes', 'No'], ['0.05', '0.95']),
      ],
    } as unknown as Event;
    expect(eventCard(event).outcomes.map((o) => [o.label, o.chance])).toEqual([
      ['Hawks vs. Nets: O/U 224.5 · Over', 0.135],
      ['Will the Hawks win by 20?', 0.05],
    ]);
  });
});
