import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Event } from '../contract/catalog';
import { testMarket } from '../server/catalog/test-catalog';
import { PRICE_UNITS } from '../server/history/packing';
import { eventHistories, HISTORY_DAYS } from './demo-history';
import { generateCatalog } from './generate';

const now = new Date('2026-11-22T00:00:00Z');
const nowS = now.getTime() / 1000;
const catalog = generateCatalog({ events: 300, now });
const options = { seed: 'marketdesk', now };
const prices = (text: string) => (JSON.parse(text) as string[]).map(Number);

function event(markets: { outcomes: string[]; prices: string[] }[], extra: Partial<Event> = {}): Event {
  return {
    id: '7',
    slug: 'e',
    title: 'E',
    description: '',
    active: true,
    closed: false,
    liquidity: 0,
    volume: 1000,
    volume24hr: 0,
    startDate: '2026-09-01T00:00:00.000Z',
    endDate: '2027-01-01T00:00:00.000Z',
    image: '',
    tags: [],
    series: [],
    markets: markets.map((m, i) =>
      testMarket({
        id: String(100 + i),
        question: `Q${i}`,
        conditionId: `0x${'0'.repeat(64)}`,
        outcomes: JSON.stringify(m.outcomes),
        outcomePrices: JSON.stringify(m.prices),
        clobTokenIds: m.outcomes.map((_, k) => `${i}${k}`),
      }),
    ),
    ...extra,
  };
}

describe('demo price histories', () => {
  it('end exactly at the catalog prices, on one grid, within 0…1', () => {
    let checked = 0;
    for (const e of catalog) {
      const byToken = new Map(eventHistories(e, options).map((s) => [s.tokenId, s]));
      for (const m of e.markets) {
        m.clobTokenIds.forEach((token, k) => {
          const s = byToken.get(token);
          if (!s) return;
          checked++;
          expect(s.prices.at(-1)).toBe(Math.round(prices(m.outcomePrices)[k]! * PRICE_UNITS));
          expect(s.prices.every((u) => u >= 0 && u <= PRICE_UNITS)).toBe(true);
          expect(s.startTs + (s.prices.length - 1) * s.stepS).toBeLessThanOrEqual(nowS);
          expect([300, 600, 900]).toContain(s.stepS);
        });
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('store one side of a binary market (No is 1 − Yes) and cover up to 30 days', () => {
    const binary = event([{ outcomes: ['Yes', 'No'], prices: ['0.536', '0.464'] }]);
    const [yes, ...rest] = eventHistories(binary, options);
    expect(rest).toEqual([]);
    expect(yes!.tokenId).toBe('00');
    expect(yes!.prices.at(-1)).toBe(5360);
    expect((yes!.prices.length - 1) * yes!.stepS).toBeLessThanOrEqual(HISTORY_DAYS * 86_400);
    expect((yes!.prices.length - 1) * yes!.stepS).toBeGreaterThan((HISTORY_DAYS - 1) * 86_400);
  });

  it('keep a negative-risk group summing to its final sum, and a multi-outcome market to 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 3, maxLength: 8 }),
        fc.integer({ min: 0, max: 300 }),
        (weights, over) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const units = weights.map((w) =>
            Math.max(10, Math.round(((w / total) * (10_000 + over)) / 10) * 10),
          );
          const group = event(
            units.map((u) => ({ outcomes: ['Yes', 'No'], prices: [String(u / 1e4), String(1 - u / 1e4)] })),
          );
          const sum = units.reduce((a, b) => a + b, 0);
          if (sum < 9_850 || sum > 10_550) return;
          const series = eventHistories(group, options);
          expect(series).toHaveLength(units.length);
          for (let i = 0; i < series[0]!.prices.length; i += 97) {
            // A price cannot pass 1: where one outcome's share of an overround group would, it stops at
            // the edge (0.9995) and the group sums to less (found by fast-check: weights 1, 1, 39).
            if (series.some((s) => s.prices[i]! >= PRICE_UNITS - 5)) continue;
            const at = series.reduce((a, s) => a + s.prices[i]!, 0);
            // Each price is rounded to a 0.001 tick: the sum is off by at most half a tick each.
            expect(Math.abs(at - sum)).toBeLessThanOrEqual(5 * units.length);
          }
          const multi = event([
            { outcomes: weights.map((_, i) => `O${i}`), prices: units.map((u) => String(u / sum)) },
          ]);
          const outs = eventHistories(multi, options);
          expect(outs).toHaveLength(weights.length);
          for (let i = 0; i < outs[0]!.prices.length; i += 97) {
            const at = outs.reduce((a, s) => a + s.prices[i]!, 0);
            expect(Math.abs(at - PRICE_UNITS)).toBeLessThanOrEqual(5 * weights.length);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('move like a market: jumps happen, paths move, and moves shrink near the edges', () => {
    const steps: { level: number; move: number }[] = [];
    for (const e of catalog.slice(0, 120))
      for (const s of eventHistories(e, options))
        for (let i = 1; i < s.prices.length - 1; i++)
          steps.push({
            level: s.prices[i - 1]! / PRICE_UNITS,
            move: Math.abs(s.prices[i]! - s.prices[i - 1]!),
          });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const middle = mean(steps.filter((s) => s.level > 0.3 && s.level < 0.7).map((s) => s.move));
    const edge = mean(steps.filter((s) => s.level < 0.03 || s.level > 0.97).map((s) => s.move));
    expect(middle).toBeGreaterThan(0);
    expect(edge).toBeLessThan(middle / 3);
    // A jump: a single step of 5 points or more, in some paths but rare.
    const jumps = steps.filter((s) => s.move >= 500).length;
    expect(jumps).toBeGreaterThan(0);
    expect(jumps / steps.length).toBeLessThan(0.01);
  });

  it("keep an open game's lines in order all along: Yes legs of one measure move as one", () => {
    // A moneyline (away first, the home favourite second), two spreads for the favourite, two totals.
    const game = event([
      { outcomes: ['Away', 'Home'], prices: ['0.3', '0.7'] },
      { outcomes: ['Home', 'Away'], prices: ['0.6', '0.4'] },
      { outcomes: ['Home', 'Away'], prices: ['0.45', '0.55'] },
      { outcomes: ['Over', 'Under'], prices: ['0.6', '0.4'] },
      { outcomes: ['Over', 'Under'], prices: ['0.4', '0.6'] },
    ]);
    const series = eventHistories(game, options);
    const [moneyline, spread, wider, lowTotal, highTotal] = ['00', '10', '20', '30', '40'].map(
      (token) => series.find((s) => s.tokenId === token)!.prices,
    );
    expect(moneyline!.length).toBeGreaterThan(100);
    let moved = 0;
    for (let i = 0; i < moneyline!.length; i++) {
      const homeWins = PRICE_UNITS - moneyline![i]!;
      expect(spread![i]).toBeLessThanOrEqual(homeWins);
      expect(wider![i]).toBeLessThanOrEqual(spread![i]!);
      expect(highTotal![i]).toBeLessThanOrEqual(lowTotal![i]!);
      if (i > 0 && spread![i] !== spread![i - 1]) moved++;
    }
    expect(moved).toBeGreaterThan(10);
  });

  it('settle a passed rung of an open ladder before the end, then stay at its outcome', () => {
    let flat = 0;
    let settledInside = 0;
    for (let i = 0; i < 40; i++) {
      const ladder = event([{ outcomes: ['Yes', 'No'], prices: ['0', '1'] }], { id: String(100 + i) });
      const [yes] = eventHistories(ladder, options);
      const p = [...yes!.prices];
      expect(p.at(-1)).toBe(0);
      const firstZero = p.indexOf(0);
      expect(p.slice(firstZero).every((u) => u === 0)).toBe(true);
      if (firstZero === 0) flat++;
      else if (firstZero < p.length - 1) settledInside++;
    }
    expect(flat).toBeGreaterThan(5);
    expect(settledInside).toBeGreaterThan(5);
  });

  it('are deterministic from the seed, and differ for another seed', () => {
    const e = catalog.find((x) => !x.closed && eventHistories(x, options).length > 0)!;
    expect(eventHistories(e, options)).toEqual(eventHistories(e, options));
    const other = eventHistories(e, { ...options, seed: 'other' });
    expect(other[0]!.prices).not.toEqual(eventHistories(e, options)[0]!.prices);
  });

  it('give an upcoming event no history and a closed one its last month, resolved at 0 or 1', () => {
    expect(
      eventHistories(
        event([{ outcomes: ['Yes', 'No'], prices: ['0.5', '0.5'] }], { startDate: '2026-12-01T00:00:00Z' }),
        options,
      ),
    ).toEqual([]);
    const closed = event([{ outcomes: ['Yes', 'No'], prices: ['1', '0'] }], {
      closed: true,
      endDate: '2026-10-01T00:00:00.000Z',
      startDate: '2026-08-01T00:00:00.000Z',
    });
    const [yes] = eventHistories(closed, options);
    expect(yes!.prices.at(-1)).toBe(PRICE_UNITS);
    expect(yes!.startTs + (yes!.prices.length - 1) * yes!.stepS).toBe(
      Date.parse('2026-10-01T00:00:00Z') / 1000,
    );
  });
});
