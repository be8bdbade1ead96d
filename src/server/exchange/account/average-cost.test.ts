import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costBasis } from './average-cost';

const averageCost = (fills: Parameters<typeof costBasis>[0]) => costBasis(fills).average;

describe('the average price of the shares held', () => {
  it('blends buys, and is not moved by sells', () => {
    // 28.57 bought at 35¢, 10 sold at 33¢, 6 bought at 31¢: (18.57 × 35 + 6 × 31) / 24.57 = 34.02¢.
    const avg = averageCost([
      { side: 'BUY', price: 3500, size: 2857 },
      { side: 'SELL', price: 3300, size: 1000 },
      { side: 'BUY', price: 3100, size: 600 },
    ]);
    expect(avg).toBeCloseTo((1857 * 3500 + 600 * 3100) / 2457, 6);
    expect(Math.round(avg)).toBe(3402);
  });

  it('starts afresh after selling out, and is 0 with nothing held', () => {
    const fills = [
      { side: 'BUY' as const, price: 8000, size: 500 },
      { side: 'SELL' as const, price: 9000, size: 500 },
    ];
    expect(averageCost(fills)).toBe(0);
    expect(averageCost([...fills, { side: 'BUY', price: 2000, size: 100 }])).toBe(2000);
    expect(averageCost([])).toBe(0);
    // Shares that came some other way and were sold first do not make the average negative.
    expect(averageCost([{ side: 'SELL', price: 5000, size: 100 }])).toBe(0);
  });
});

describe('the profit or loss sells realise', () => {
  it('is each sell against the average at the time', () => {
    // 28.57 at 35¢, 10 sold at 33¢ (−2¢ each: −$0.20), 6 at 31¢, the rest (24.57) sold at 40¢.
    const fills = [
      { side: 'BUY' as const, price: 3500, size: 2857 },
      { side: 'SELL' as const, price: 3300, size: 1000 },
      { side: 'BUY' as const, price: 3100, size: 600 },
    ];
    expect(costBasis(fills).realised / 1e6).toBeCloseTo(-0.2, 9);
    const average = (1857 * 3500 + 600 * 3100) / 2457;
    const out = costBasis([...fills, { side: 'SELL', price: 4000, size: 2457 }]);
    expect(out.realised / 1e6).toBeCloseTo(-0.2 + (24.57 * (4000 - average)) / 10_000, 9);
    expect(out.average).toBe(0);
  });

  it('with what is held at its average, adds up to the cash the fills moved', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            side: fc.constantFrom('BUY' as const, 'SELL' as const),
            price: fc.integer({ min: 1, max: 9999 }),
            size: fc.integer({ min: 1, max: 100_000 }),
          }),
          { maxLength: 40 },
        ),
        (wanted) => {
          // Only what is held can be sold, as on the exchange.
          let held = 0;
          let cash = 0;
          const fills = wanted.flatMap((f) => {
            const size = f.side === 'SELL' ? Math.min(f.size, held) : f.size;
            if (size === 0) return [];
            held += f.side === 'BUY' ? size : -size;
            cash += (f.side === 'BUY' ? -1 : 1) * f.price * size;
            return [{ ...f, size }];
          });
          const { average, realised } = costBasis(fills);
          // cash moved + what is held at cost = realised (everything in 1/10,000 × centishares).
          expect(realised).toBeCloseTo(cash + held * average, 0);
        },
      ),
    );
  });
});
