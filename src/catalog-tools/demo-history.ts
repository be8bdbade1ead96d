import type { Event } from '../contract/catalog';
import { historyStepFor, PRICE_UNITS, type Series } from '../server/history/packing';
import { drawTemper, EDGE, historySeed, measuresOf } from './demo-walk';
import { createRandom, type Random } from './random';

/**
 * Demo price histories that look traded: a random walk in log-odds space (so prices slow down near
 * 0 and 1), with a drift and occasional jumps, run backwards from the price the catalog shows, so
 * every path ends exactly there. Deterministic from the seed and the event (not the batch size).
 *
 * Consistency across a market's outcomes:
 * - a binary market stores its Yes series only; No is served as 1 − Yes, exactly;
 * - a market with more outcomes, and a negative-risk group of binary markets (one event whose Yes
 *   prices add up to ~1), share one softmax over their walks, scaled to the final sum, so their
 *   prices add up to that sum (1, or 1 plus the group's overround) at every point.
 */

export const HISTORY_DAYS = 30;
const DAY_S = 86_400;

export interface HistoryOptions {
  seed: string | number;
  /** The end of every open market's history (the catalog's "now"). */
  now: Date;
  /**
   * Minutes between points, by activity: the busiest events 5, then 10, then 15 (the default). A
   * large catalog passes a coarser scale (see historyScaleFor).
   */
  stepScale?: number;
}

/** Catalogs above 10,000 events get hourly points (×4): a 100,000-event catalog stays a few hundred MB. */
export const historyScaleFor = (events: number) => (events > 10_000 ? 4 : 1);

/** Seconds between points (defined beside the store: the catalog follower needs it too). */
export { historyStepFor };

const parsePrices = (text: string): number[] => (JSON.parse(text) as string[]).map(Number);
const parseOutcomes = (text: string): string[] => JSON.parse(text) as string[];

/** Every stored series of an event (none for an event that has not started). */
export function eventHistories(event: Event, options: HistoryOptions): Series[] {
  const now = Math.floor(options.now.getTime() / 1000);
  const start = Math.floor(Date.parse(event.startDate) / 1000);
  if (start >= now || event.markets.length === 0) return [];
  const rng = createRandom(historySeed(options.seed, event.id));
  const step = historyStepFor(event.volume, options.stepScale);
  // A closed event's history is the month before it ended; an open one's the month up to now.
  const end = event.closed ? Math.min(now, Math.floor(Date.parse(event.endDate) / 1000)) : now;
  const endTs = end - (end % step);
  const first = Math.max(start, endTs - HISTORY_DAYS * DAY_S);
  const count = Math.max(2, Math.floor((endTs - first) / step) + 1);
  const startTs = endTs - (count - 1) * step;
  const style = walkStyle(rng, step);

  const binaries = event.markets.filter((m) => parseOutcomes(m.outcomes).length === 2);
  const yesPrices = binaries.map((m) => parsePrices(m.outcomePrices)[0] ?? 0);
  const yesSum = yesPrices.reduce((a, b) => a + b, 0);
  const negRiskGroup =
    !event.closed &&
    binaries.length === event.markets.length &&
    binaries.length >= 3 &&
    yesSum > 0.98 &&
    yesSum < 1.06;

  const series: Series[] = [];
  const grid = { startTs, stepS: step };
  if (negRiskGroup) {
    const paths = sharedPaths(rng, yesPrices, count, style);
    for (const [i, m] of binaries.entries())
      series.push({ tokenId: m.clobTokenIds[0]!, prices: paths[i]!, ...grid });
    return series;
  }
  // An open event's lines of one measure (a ladder's rungs, a game's spreads) walk as one, as the demo
  // traders move them: they never cross.
  const walked = new Set<string>();
  const lines = event.closed
    ? []
    : event.markets.filter((m) => {
        const [p] = parsePrices(m.outcomePrices);
        return !m.negRisk && m.clobTokenIds.length === 2 && p !== undefined && p > 0 && p < 1;
      });
  const measures = lines.length >= 2 ? measuresOf(lines, (m) => parseOutcomes(m.outcomes)) : [];
  for (const { members, directions } of measures) {
    const finals = members.map((m) => parsePrices(m.outcomePrices)[0]!);
    const paths = linePaths(rng, finals, directions, count, style);
    for (const [k, m] of members.entries()) {
      walked.add(m.id);
      series.push({ tokenId: m.clobTokenIds[0]!, prices: paths[k]!, ...grid });
    }
  }
  for (const market of event.markets) {
    if (walked.has(market.id)) continue;
    const finals = parsePrices(market.outcomePrices);
    if (finals.length !== market.clobTokenIds.length || finals.some((p) => !(p >= 0 && p <= 1))) continue;
    if (finals.length === 2) {
      series.push({
        tokenId: market.clobTokenIds[0]!,
        prices: binaryPath(rng, finals[0]!, count, style, !event.closed),
        ...grid,
      });
    } else {
      const paths = sharedPaths(rng, finals, count, style);
      for (const [i, id] of market.clobTokenIds.entries())
        series.push({ tokenId: id, prices: paths[i]!, ...grid });
    }
  }
  return series;
}

interface WalkStyle {
  /** Log-odds standard deviation per step. */
  sigma: number;
  /** Log-odds drift per step. */
  drift: number;
  /** Chance of a jump per step, and its size's standard deviation. */
  jumpChance: number;
  jumpSize: number;
}

/** The event's temperament (demo-walk.ts: the first draws of its history), per step of the grid. */
function walkStyle(rng: Random, step: number): WalkStyle {
  const perDay = DAY_S / step;
  const temper = drawTemper(rng);
  return {
    sigma: temper.dailyVol / Math.sqrt(perDay),
    drift: temper.dailyDrift / perDay,
    jumpChance: 1 / (perDay * temper.daysBetweenJumps),
    jumpSize: temper.jumpSize,
  };
}

const clampP = (p: number) => Math.min(1 - EDGE, Math.max(EDGE, p));
const logit = (p: number) => Math.log(p / (1 - p));

/**
 * A log-odds walk that ends at `target`: steps drawn forwards, then shifted so the last value is
 * the target (the shape is a free random walk; only its level is pinned).
 */
function walkTo(rng: Random, target: number, count: number, style: WalkStyle): Float64Array {
  const x = new Float64Array(count);
  for (let i = 1; i < count; i++) {
    let dx = style.drift + style.sigma * rng.normal();
    if (rng.next() < style.jumpChance) dx += style.jumpSize * rng.normal();
    x[i] = x[i - 1]! + dx;
  }
  const shift = target - x[count - 1]!;
  for (let i = 0; i < count; i++) x[i]! += shift;
  return x;
}

/** Resolved markets trade near their outcome before the final jump to 0 or 1. */
const preResolution = (p: number) => (p >= 1 ? 0.97 : p <= 0 ? 0.03 : p);

/** A tradeable price: 0.001 ticks, 0.0005 near the edges, inside (0, 1). */
export function toUnits(p: number): number {
  const units = p * PRICE_UNITS;
  const tick = units < 200 || units > PRICE_UNITS - 200 ? 5 : 10;
  return Math.min(PRICE_UNITS - 5, Math.max(5, Math.round(units / tick) * tick));
}

const exactUnits = (p: number) => Math.round(p * PRICE_UNITS);

/**
 * A binary market's Yes path. One already settled at 0 or 1 while its event is still open (a
 * passed rung of a "by <date>?" ladder) settled at some point: half of them before the window
 * (flat), the others at a random point in it.
 */
function binaryPath(
  rng: Random,
  final: number,
  count: number,
  style: WalkStyle,
  settledEarly: boolean,
): Uint16Array {
  const settled = settledEarly && (final === 0 || final === 1);
  const traded = settled ? (rng.chance(0.5) ? 0 : rng.int(2, count - 1)) : count;
  const out = new Uint16Array(count).fill(exactUnits(final));
  if (traded === 0) return out;
  const x = walkTo(rng, logit(clampP(preResolution(final))), traded, style);
  for (let i = 0; i < traded; i++) out[i] = toUnits(1 / (1 + Math.exp(-x[i]!)));
  out[count - 1] = exactUnits(final);
  return out;
}

/**
 * Lines of one measure (demo-walk.ts, PriceWalk.together): one walk, by which each line's log-odds
 * moves in its direction, ending at its final price.
 */
function linePaths(
  rng: Random,
  finals: readonly number[],
  directions: readonly (1 | -1)[],
  count: number,
  style: WalkStyle,
): Uint16Array[] {
  const moved = walkTo(rng, 0, count, style);
  return finals.map((p, k) => {
    const end = logit(clampP(p));
    const out = new Uint16Array(count);
    for (let i = 0; i < count; i++) out[i] = toUnits(1 / (1 + Math.exp(-(end + directions[k]! * moved[i]!))));
    out[count - 1] = exactUnits(p);
    return out;
  });
}

/** Outcomes that share one probability mass: a softmax of their walks, scaled to the final sum. */
function sharedPaths(rng: Random, finals: readonly number[], count: number, style: WalkStyle): Uint16Array[] {
  const total = finals.reduce((a, b) => a + b, 0);
  const walks = finals.map((p) => walkTo(rng, Math.log(Math.max(EDGE, preResolution(p))), count, style));
  const out = finals.map(() => new Uint16Array(count));
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (const w of walks) sum += Math.exp(w[i]!);
    for (let k = 0; k < walks.length; k++) out[k]![i] = toUnits((Math.exp(walks[k]![i]!) / sum) * total);
  }
  finals.forEach((p, k) => {
    out[k]![count - 1] = exactUnits(p);
  });
  return out;
}
