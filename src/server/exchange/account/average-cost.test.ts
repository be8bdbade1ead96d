import { describe, expect, it } from 'vitest';
import { averageCost } from './average-cost';

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
