import { describe, expect, it } from 'vitest';
import { PriceWalk } from '../demo-walk';
import { generateCatalog } from '../generate';
import { createRandom } from '../random';
import type { DemoMarket } from './markets';
import { walkGroups } from './runner';

const catalog = generateCatalog({ events: 600, now: new Date('2026-12-02T00:00:00Z') });
/** The open markets as the demo traders load them (markets.ts). */
const markets: DemoMarket[] = catalog
  .filter((e) => !e.closed)
  .flatMap((e) =>
    e.markets
      .filter((m) => !m.closed)
      .map((m) => ({
        id: m.id,
        conditionId: m.conditionId,
        eventId: e.id,
        tokens: [m.clobTokenIds[0]!, m.clobTokenIds[1]!] as const,
        negRisk: m.negRisk,
        outcomes: JSON.parse(m.outcomes) as [string, string],
        price: Number((JSON.parse(m.outcomePrices) as string[])[0]),
        volume: m.volumeNum,
        eventVolume: e.volume,
        eventVolume24hr: e.volume24hr,
      })),
  )
  .filter((m) => m.price > 0 && m.price < 1);

const temper = { dailyVol: 0.45, dailyDrift: 0, daysBetweenJumps: 4, jumpSize: 1.1 };

/** Every group walked for a month in minutes, with trades nudging random legs. */
function walked() {
  const rng = createRandom('walk-groups');
  return walkGroups(markets).map(({ members, directions }) => {
    const prices = members.map((m) => m.price);
    const walk = directions
      ? PriceWalk.together(prices, directions, temper, rng)
      : new PriceWalk(prices, members.length > 1, temper, rng);
    for (let step = 0; step < 30 * 24; step++) {
      walk.advance(3_600);
      walk.nudge(rng.int(0, members.length - 1), (rng.next() - 0.5) * 0.5);
    }
    return { members, walk };
  });
}

describe('the demo traders’ fair values', () => {
  const groups = walked();
  const byId = new Map(
    groups.flatMap(({ members, walk }) => members.map((m, leg) => [m.id, walk.price(leg)])),
  );

  it('keep a game’s lines in order: a bigger spread never likelier, nor more likely than winning', () => {
    const games = catalog.filter(
      (e) => !e.closed && e.markets.some((m) => m.question.startsWith('Spread: ')),
    );
    expect(games.length).toBeGreaterThan(5);
    for (const e of games) {
      const spreads = e.markets
        .filter((m) => m.question.startsWith('Spread: ') && byId.has(m.id))
        .map((m) => ({ line: Number(/\(-([0-9.]+)\)/.exec(m.question)![1]), p: byId.get(m.id)! }))
        .sort((a, b) => a.line - b.line);
      const totals = e.markets
        .filter((m) => m.question.includes(': O/U ') && byId.has(m.id))
        .map((m) => ({ line: Number(m.question.split('O/U ')[1]), p: byId.get(m.id)! }))
        .sort((a, b) => a.line - b.line);
      const moneyline = e.markets[0]!;
      const favourite = (JSON.parse(e.markets[1]!.outcomes) as string[])[0];
      const win = byId.get(moneyline.id)!;
      const favouriteWins = (JSON.parse(moneyline.outcomes) as string[])[0] === favourite ? win : 1 - win;
      for (const [i, s] of spreads.entries()) {
        expect(s.p, e.title).toBeLessThanOrEqual(favouriteWins);
        if (i > 0) expect(s.p, e.title).toBeLessThanOrEqual(spreads[i - 1]!.p);
      }
      for (const [i, t] of totals.entries())
        if (i > 0) expect(t.p, e.title).toBeLessThanOrEqual(totals[i - 1]!.p);
    }
  });

  it('keep a ladder’s rungs in order, and a negative-risk group’s sum', () => {
    let ladders = 0;
    for (const { members, walk } of groups) {
      if (members[0]!.negRisk) {
        const sum = members.reduce((a, m) => a + m.price, 0);
        expect(walk.prices().reduce((a, b) => a + b, 0)).toBeCloseTo(sum, 9);
        continue;
      }
      if (members.length < 2 || members[0]!.outcomes[0] !== 'Yes') continue;
      ladders++;
      // The rungs' order at the start (from the catalog's prices) is their order now.
      const order = (prices: number[]) => members.map((_, i) => i).sort((a, b) => prices[a]! - prices[b]!);
      const now = walk.prices();
      expect(order(now).map((i) => now[i])).toEqual(order(members.map((m) => m.price)).map((i) => now[i]));
    }
    expect(ladders).toBeGreaterThan(20);
  });

  it('move a ladder’s rungs, not freeze them', () => {
    const moved = groups.filter(({ members, walk }) =>
      members.some((m, leg) => Math.abs(walk.price(leg) - m.price) > 0.01),
    );
    expect(moved.length).toBeGreaterThan(groups.length / 2);
  });
});
