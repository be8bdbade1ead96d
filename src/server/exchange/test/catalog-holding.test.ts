import { describe, expect, it } from 'vitest';
import { catalogHolding } from './catalog-holding';

const plainBooks = (catalog: ReturnType<typeof catalogHolding>) =>
  catalog
    .flatMap((e) => e.markets)
    .filter((m) => m.active && !m.closed && !m.negRisk && m.clobTokenIds.length === 2).length;

describe('catalogHolding', () => {
  it('grows the catalog until it holds what the test needs, and no further than a step', () => {
    const small = catalogHolding('holding', {}, 12);
    expect(small).toHaveLength(12);
    const catalog = catalogHolding('holding', { plain: plainBooks(small) + 1 }, 12);
    expect(plainBooks(catalog)).toBeGreaterThan(plainBooks(small));
    expect(catalog).toHaveLength(18);
  });

  it('says so when no catalog of a sane size holds the need', () => {
    expect(() => catalogHolding('holding', { negRisk: 1e9 })).toThrow(/no catalog of seed holding/);
  });
});
