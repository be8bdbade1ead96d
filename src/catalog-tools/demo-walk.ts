import { createRandom, type Random } from './random';

/**
 * How the demo's prices move, shared by the generated histories (demo-history.ts), their continuation
 * to the present (history-to-now.ts) and the demo traders' fair values: a random walk in log-odds (a
 * binary market's Yes) or in log-weights under a softmax (outcomes that share one probability mass: a
 * negative-risk group, a market with more outcomes), with occasional jumps.
 */

/** An event's temperament, drawn once per event from the seed (the same for its history and after). */
export interface Temper {
  /** Log-odds standard deviation per day. */
  dailyVol: number;
  /** Log-odds drift per day (generated histories only: a continuation has none, see PriceWalk). */
  dailyDrift: number;
  /** Mean days between news jumps, and a jump's standard deviation. */
  daysBetweenJumps: number;
  jumpSize: number;
}

const DAY_S = 86_400;

/** The draws, in this order, are the first of an event's history (demo-history.ts keeps them so). */
export function drawTemper(rng: Random): Temper {
  return {
    dailyVol: rng.float(0.08, 0.45),
    dailyDrift: rng.normal() * 0.06,
    daysBetweenJumps: rng.float(4, 15),
    jumpSize: rng.float(0.3, 1.1),
  };
}

/** The temperament an event's generated history was drawn with. */
export function eventTemper(seed: string | number, eventId: string): Temper {
  return drawTemper(createRandom(historySeed(seed, eventId)));
}

export const historySeed = (seed: string | number, eventId: string) => `${seed}:history:${eventId}`;

/** Prices are kept off 0 and 1 (log-odds and logs stay finite). */
export const EDGE = 0.0005;
const clampP = (p: number) => Math.min(1 - EDGE, Math.max(EDGE, p));

/**
 * How fast a walk leans back towards even odds (log-odds 0, or equal shares of a group): a half-life of
 * 60 days. Weak enough to be invisible within a day or a week; without it a demo that runs for months
 * (or restarts after long gaps) would see every price end up stuck at 0.0005 or 0.9995.
 */
const REVERSION_PER_DAY = Math.LN2 / 60;

/**
 * The prices of one market (its Yes) or of outcomes sharing a sum, walking through time. A binary
 * market settled at exactly 0 or 1 (a passed rung of a "by <date>?" ladder) stays there. No drift:
 * a continuation over weeks or months must not carry a trend the generated month happened to have.
 *
 * `together` (markets of one measure: a ladder's rungs, a game's moneyline and spreads, its totals):
 * the legs are binary markets whose log-odds move by one shared amount, each in its direction (1: up
 * with the measure, -1: down), so they never cross: "above 100k" stays less likely than "above 90k",
 * a 7.5-point spread than winning outright. They lean back towards where they started.
 */
export class PriceWalk {
  /** Log-odds of the one leg (binary), or log-weights of each leg (shared), or each leg's log-odds (together). */
  private readonly x: Float64Array;
  /** Together: each leg's log-odds at the start, and the shared move since. */
  private readonly start: Float64Array | null = null;
  private moved = 0;
  /** The prices the x stand for, kept up to date (read far more often than they move). */
  private readonly out: Float64Array;
  private readonly total: number;
  readonly settled: boolean;

  constructor(
    prices: readonly number[],
    readonly shared: boolean,
    private readonly temper: Temper,
    private readonly rng: Random,
    private readonly together: readonly (1 | -1)[] | null = null,
  ) {
    this.total = prices.reduce((a, b) => a + b, 0);
    this.settled = !shared && !together && (prices[0] === 0 || prices[0] === 1);
    this.x = Float64Array.from(prices, (p) =>
      shared ? Math.log(clampP(p)) : Math.log(clampP(p) / (1 - clampP(p))),
    );
    if (together) this.start = Float64Array.from(this.x);
    this.out = Float64Array.from(prices);
    if (!this.settled) this.update();
  }

  /** Binary markets of one measure, moving as one (see the class); `directions[k]`: leg k's way. */
  static together(prices: readonly number[], directions: readonly (1 | -1)[], temper: Temper, rng: Random) {
    return new PriceWalk(prices, false, temper, rng, directions);
  }

  get legs(): number {
    return this.x.length;
  }

  /** Moves every leg by `seconds` of walk (any length: the variance and the jump chance scale with it). */
  advance(seconds: number): void {
    if (this.settled || seconds <= 0) return;
    const days = seconds / DAY_S;
    const sigma = this.temper.dailyVol * Math.sqrt(days);
    const jumpChance = Math.min(1, days / this.temper.daysBetweenJumps);
    const keep = Math.exp(-REVERSION_PER_DAY * days);
    if (this.together) {
      let dx = sigma * this.rng.normal();
      if (this.rng.next() < jumpChance) dx += this.temper.jumpSize * this.rng.normal();
      this.moved = this.moved * keep + dx;
      this.update();
      return;
    }
    let centre = 0;
    if (this.shared) for (const v of this.x) centre += v / this.x.length;
    for (let k = 0; k < this.x.length; k++) {
      let dx = sigma * this.rng.normal();
      if (this.rng.next() < jumpChance) dx += this.temper.jumpSize * this.rng.normal();
      this.x[k] = centre + (this.x[k]! - centre) * keep + dx;
    }
    this.update();
  }

  /** Pushes one leg up (dx > 0) or down in log terms: what a large trade does to a fair value. */
  nudge(leg: number, dx: number): void {
    if (this.settled) return;
    if (this.together) this.moved += this.together[leg]! * dx;
    else this.x[leg]! += dx;
    this.update();
  }

  /** The current price of one leg, in 0…1 (a shared walk's legs add up to the sum they started with). */
  price(leg: number): number {
    return this.out[leg]!;
  }

  prices(): number[] {
    return Array.from(this.out);
  }

  /**
   * Keeps log-odds inside the edges and log-weights from drifting off together (only their ratios
   * count), then works out the prices.
   */
  private update(): void {
    const limit = Math.log((1 - EDGE) / EDGE);
    if (this.together) {
      // Clamped leg by leg, which keeps their order.
      for (let k = 0; k < this.x.length; k++) {
        this.x[k] = Math.max(-limit, Math.min(limit, this.start![k]! + this.together[k]! * this.moved));
        this.out[k] = 1 / (1 + Math.exp(-this.x[k]!));
      }
      return;
    }
    if (!this.shared) {
      this.x[0] = Math.max(-limit, Math.min(limit, this.x[0]!));
      this.out[0] = 1 / (1 + Math.exp(-this.x[0]!));
      return;
    }
    let max = Number.NEGATIVE_INFINITY;
    for (const v of this.x) max = Math.max(max, v);
    let sum = 0;
    for (let k = 0; k < this.x.length; k++) {
      this.x[k] = Math.max(this.x[k]! - max, -2 * limit);
      this.out[k] = Math.exp(this.x[k]!);
      sum += this.out[k]!;
    }
    for (let k = 0; k < this.out.length; k++) this.out[k] = (this.out[k]! / sum) * this.total;
  }
}

/**
 * Which measure of its event a binary market is a line of, for the markets of an event that is not a
 * negative-risk group and has several (a ladder's rungs, a game's moneyline and spreads): its totals
 * (Over/Under) are another measure.
 */
const measureOf = (outcomes: readonly string[]): 'total' | 'main' =>
  outcomes[0] === 'Over' ? 'total' : 'main';

/**
 * Each line's direction in a walk together (PriceWalk.together), told by its outcomes: up with the
 * first line's first outcome (Yes, a team), down for a line that names that outcome second (a spread
 * for the team a moneyline names second).
 */
const directionsOf = (lines: readonly (readonly string[])[]): (1 | -1)[] =>
  lines.map((outcomes) => (outcomes[1] === lines[0]![0] ? -1 : 1));

/**
 * An event's lines (its two-outcome markets outside a negative-risk group, when it has several) as they
 * walk: one group per measure, in the order first met, each with its lines' directions. The demo
 * traders, the generated histories and the start's catch-up all group them here, so they agree.
 */
export function measuresOf<T>(
  lines: readonly T[],
  outcomesOf: (line: T) => readonly string[],
): { members: T[]; directions: (1 | -1)[] }[] {
  const groups = new Map<string, T[]>();
  for (const line of lines) {
    const measure = measureOf(outcomesOf(line));
    groups.set(measure, [...(groups.get(measure) ?? []), line]);
  }
  return [...groups.values()].map((members) => ({
    members,
    directions: directionsOf(members.map(outcomesOf)),
  }));
}
