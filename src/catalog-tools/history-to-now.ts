import { type SQL, sql } from 'drizzle-orm';
import { writeEventDocuments } from '../server/catalog/event-documents';
import { type Db, rows } from '../server/db/open';
import { PRICE_UNITS } from '../server/history/packing';
import {
  appendPrices,
  type Extension,
  extendSeries,
  type SeriesEnd,
  seriesEnds,
} from '../server/history/store';
import { demoCatalogOf } from './demo-catalog';
import { HISTORY_DAYS, historyScaleFor, historyStepFor, toUnits } from './demo-history';
import { eventTemper, measuresOf, PriceWalk } from './demo-walk';
import { formatPrice } from './generate';
import { createRandom } from './random';

/**
 * Brings the demo catalog's price histories to the present, once per start: each open market's series
 * continues its walk from its last stored point to now, and the catalog's prices (and so the lists'
 * 24-hour changes and the events' documents) follow its new last point. Closed events and imported or
 * synced catalogs are left alone (demo-catalog.ts).
 *
 * - Deterministic: each walk is drawn from the seed, the series and where it stood, with its event's
 *   temperament; the same database and the same now give the same histories.
 * - Related prices stay related: a negative-risk group (and a market with more outcomes) walks under one
 *   softmax, so its prices keep adding up to what they added up to.
 * - Quick over long gaps: new points are on the series' own grid for the last 2 days, and further back
 *   as fine as the chart's range for that age reads them (timesToNow), so a month away costs a few
 *   hundred points a series; series are read and written in bulk, a batch of markets per statement.
 * - An event that started while the server was off (generated as upcoming) gets a series from its start
 *   (at most 30 days back), walking from its catalog price.
 * - Cheap when little is due: each catch-up stores, per open event, the earliest time one of its
 *   series will need a point (its last point + its step; an upcoming event's start), and their minimum
 *   on the demo catalog's row. A start before that minimum reads nothing more; after it, it reads the
 *   markets and series ends of the events due only (demo_history_due). What else moves such a time
 *   earlier brings the stored ones down with it: a point recorded while the demo runs (store.ts
 *   appendPrices), an event busy enough for a finer step (the catalog follower). Generating the catalog
 *   again empties them and resets the row (every event read at the next start); importing one removes it.
 */

const DAY_S = 86_400;
const HOUR_S = 3_600;
/** Walks computed and written per round: bounded memory whatever the catalog's size. */
const UNITS_PER_ROUND = 1_000;

export interface CatchUp {
  /** Series extended or started, points added, markets whose price moved. */
  series: number;
  points: number;
  markets: number;
  /** Groups of prices looked at (one per market, negative-risk group or measure's lines): 0 when nothing was due. */
  looked: number;
  /** When a series next needs a point (unix seconds, as stored for the next start); null: never. */
  dueAt: number | null;
  ms: number;
}

interface OpenMarket {
  id: string;
  eventId: string;
  tokens: string[];
  /** The catalog's prices, one per outcome, and as the catalog holds them (outcomePrices). */
  prices: number[];
  shown: string;
  negRisk: boolean;
  outcomes: string[];
  volume: number;
  startS: number;
}

/** One walking price: an outcome of a market, stored in `token`'s series (1 − it when `complement`). */
interface Leg {
  market: OpenMarket;
  outcome: number;
  token: string;
  complement: boolean;
}

/** Prices that walk together: a binary market's Yes, legs that share one sum, or lines of one measure. */
interface Unit {
  eventId: string;
  legs: Leg[];
  shared: boolean;
  /** Lines of one measure (demo-walk.ts `measuresOf`): their Yes legs move as one. */
  directions?: (1 | -1)[];
  volume: number;
  startS: number;
}

/** Extends every open series of the demo catalog to `now` (null when the catalog is not the demo). */
export async function bringHistoriesToNow(db: Db, now: Date = new Date()): Promise<CatchUp | null> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const demo = await demoCatalogOf(t);
    if (!demo) return null;
    const nowS = Math.floor(now.getTime() / 1000);
    const total: CatchUp = { series: 0, points: 0, markets: 0, looked: 0, dueAt: demo.historyDueAt, ms: 0 };
    if (demo.historyDueAt !== null && nowS < demo.historyDueAt)
      return { ...total, ms: Math.round(performance.now() - started) };
    // The events due by now when their times are known (demo_history_due), else every open event.
    const scope =
      demo.historyDueAt === null
        ? sql`TRUE`
        : sql`e.id IN (SELECT event_id FROM demo_history_due WHERE due_at <= ${nowS})`;
    const units = unitsOf(await openMarkets(t, nowS, scope));
    total.looked = units.length;
    // Each event's next due time: an upcoming one's start, else its units' earliest.
    const dueAt = new Map(await upcomingStarts(t, nowS, scope));
    const documents = new Set<string>();
    const context = { seed: demo.seed, nowS, stepScale: historyScaleFor(demo.events) };
    for (let i = 0; i < units.length; i += UNITS_PER_ROUND) {
      const round = units.slice(i, i + UNITS_PER_ROUND);
      // The legs' own tokens first; a two-outcome market's other token only where that has none.
      const ends = await seriesEnds(
        t,
        round.flatMap((u) => u.legs.map((l) => l.token)),
      );
      const others = round.flatMap((u) =>
        u.legs.flatMap((l) =>
          l.market.tokens.length === 2 && !ends.has(l.token) ? [l.market.tokens[1 - l.outcome]!] : [],
        ),
      );
      for (const [token, end] of await seriesEnds(t, others)) ends.set(token, end);
      const extensions: Extension[] = [];
      const prices = new Map<string, string[]>();
      for (const unit of round) {
        for (const leg of unit.legs) chooseSeriesToken(leg, ends);
        const walked = walkToNow(unit, ends, context);
        if (!walked) continue;
        extensions.push(...walked.extensions);
        total.points += walked.points;
        // A price that moved less than its 0.001 step keeps its row as it is.
        for (const [marketId, shown] of walked.prices)
          if (JSON.stringify(shown) !== unit.legs.find((l) => l.market.id === marketId)!.market.shown)
            prices.set(marketId, shown);
      }
      for (const id of await writePrices(t, prices)) documents.add(id);
      for (const [token, end] of await extendSeries(t, extensions, { deferDocuments: documents }))
        ends.set(token, end);
      total.series += extensions.length;
      total.markets += prices.size;
      // What the next start will find: each unit due at its new last point + its step.
      for (const unit of round) {
        const due = clockOf(unit, ends, context).dueAt;
        dueAt.set(unit.eventId, Math.min(dueAt.get(unit.eventId) ?? Number.POSITIVE_INFINITY, due));
      }
    }
    await writeEventDocuments(t, documents);
    total.dueAt = await storeDueTimes(t, demo.historyDueAt === null ? null : nowS, dueAt);
    return { ...total, ms: Math.round(performance.now() - started) };
  });
}

/**
 * While the demo runs, the charts keep reaching the present: a point at the catalog's current price
 * (what the books show, through the catalog follower) now, for each of these markets whose series ends
 * more than `olderThanS` ago. The follower records a point whenever a book changes; a book that holds
 * still (its price wandering within its quotes) would otherwise leave its chart ending in the past.
 * Returns how many points were recorded (the caller tells the catalog's caches when any were).
 */
export async function recordCatalogPrices(
  db: Db,
  marketIds: readonly string[],
  now: Date,
  olderThanS: number,
): Promise<number> {
  if (marketIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const found = await rows<{ tokens: string[]; prices: string }>(
      tx as unknown as Db,
      sql`SELECT m.clob_token_ids AS tokens, m.outcome_prices AS prices FROM markets m
          WHERE m.id IN (SELECT json_array_elements_text(${JSON.stringify(marketIds)}::json))
            AND m.active AND NOT m.closed AND cardinality(m.clob_token_ids) = 2`,
    );
    const points = found.flatMap((m) => {
      const p0 = parsePrices(m.prices)?.[0];
      return p0 === undefined ? [] : [{ tokens: [m.tokens[0]!, m.tokens[1]!] as const, p0 }];
    });
    const recorded = await appendPrices(tx as unknown as Db, points, Math.floor(now.getTime() / 1000), {
      minAgeS: olderThanS,
    });
    await writeEventDocuments(tx as unknown as Db, recorded.events);
    return recorded.recorded;
  });
}

async function openMarkets(db: Db, nowS: number, scope: SQL): Promise<OpenMarket[]> {
  const found = await rows<{
    id: string;
    event_id: string;
    tokens: string[];
    prices: string;
    neg_risk: boolean;
    outcomes: string;
    volume: number;
    start_s: number;
  }>(
    db,
    sql`SELECT m.id, m.event_id::text, m.clob_token_ids AS tokens, m.outcome_prices AS prices, m.neg_risk, m.outcomes,
               e.volume, extract(epoch FROM e.start_date)::float8 AS start_s
        FROM markets m JOIN events e ON e.id = m.event_id
        WHERE m.active AND NOT m.closed AND NOT e.closed AND e.start_date <= to_timestamp(${nowS}) AND ${scope}
        ORDER BY m.event_id, m.id`,
  );
  const markets: OpenMarket[] = [];
  for (const m of found) {
    const prices = parsePrices(m.prices);
    if (!prices || prices.length !== m.tokens.length || prices.length < 2) continue;
    markets.push({
      id: m.id,
      eventId: m.event_id,
      tokens: m.tokens,
      prices,
      shown: m.prices,
      negRisk: m.neg_risk,
      outcomes: parseOutcomes(m.outcomes),
      volume: Number(m.volume),
      startS: Math.floor(Number(m.start_s)),
    });
  }
  return markets;
}

/** The open events in `scope` yet to start, and their starts (unix seconds): their series begin then. */
async function upcomingStarts(db: Db, nowS: number, scope: SQL): Promise<[string, number][]> {
  const found = await rows<{ id: string; s: number }>(
    db,
    sql`SELECT e.id::text, floor(extract(epoch FROM e.start_date))::float8 AS s FROM events e
        WHERE NOT e.closed AND e.start_date > to_timestamp(${nowS}) AND ${scope}`,
  );
  return found.map((e) => [e.id, Number(e.s)]);
}

/**
 * Stores the events' next due times: in place of every stored one (`readUpTo` null), or of those due
 * by `readUpTo` (the events just read); then their minimum on the catalog's row, which it returns.
 */
async function storeDueTimes(
  db: Db,
  readUpTo: number | null,
  dueAt: Map<string, number>,
): Promise<number | null> {
  await db.execute(
    readUpTo === null
      ? sql`DELETE FROM demo_history_due`
      : sql`DELETE FROM demo_history_due WHERE due_at <= ${readUpTo}`,
  );
  const entries = [...dueAt].map(([e, d]) => ({ e, d }));
  for (let i = 0; i < entries.length; i += 5_000)
    await db.execute(sql`
      INSERT INTO demo_history_due (event_id, due_at)
      SELECT e, d FROM json_to_recordset(${JSON.stringify(entries.slice(i, i + 5_000))}::json) AS t(e bigint, d bigint)`);
  const [row] = await rows<{ due: string | null }>(
    db,
    sql`UPDATE demo_catalog SET history_due_at = (SELECT min(due_at) FROM demo_history_due) WHERE id = 1
        RETURNING history_due_at::text AS due`,
  );
  return row?.due == null ? null : Number(row.due);
}

/** A market's outcome names (none when unreadable: it then walks on its own). */
function parseOutcomes(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

function parsePrices(text: string): number[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const prices = parsed.map(Number);
    return prices.every((p) => Number.isFinite(p) && p >= 0 && p <= 1) ? prices : null;
  } catch {
    return null;
  }
}

/**
 * Markets grouped as they walk: the Yes legs of a negative-risk event's two-outcome markets together,
 * a market with more outcomes on its own, the other two-outcome markets of an event with several as
 * lines of their measure (`measuresOf`, as the demo traders walk them), any other on its own (its Yes).
 */
export function unitsOf(markets: readonly OpenMarket[]): Unit[] {
  const byEvent = new Map<string, OpenMarket[]>();
  for (const m of markets) byEvent.set(m.eventId, [...(byEvent.get(m.eventId) ?? []), m]);
  const units: Unit[] = [];
  const leg = (market: OpenMarket, outcome: number): Leg => ({
    market,
    outcome,
    token: market.tokens[outcome]!,
    complement: false,
  });
  for (const [eventId, list] of byEvent) {
    const first = list[0]!;
    const base = { eventId, volume: first.volume, startS: first.startS };
    const group = list.filter((m) => m.negRisk && m.tokens.length === 2);
    if (group.length >= 2) units.push({ ...base, shared: true, legs: group.map((m) => leg(m, 0)) });
    const rest = list.filter((m) => !(group.length >= 2 && group.includes(m)));
    const lines = rest.filter((m) => m.tokens.length === 2);
    const measures = lines.length >= 2 ? measuresOf(lines, (m) => m.outcomes) : [];
    for (const { members, directions } of measures)
      units.push({ ...base, shared: false, directions, legs: members.map((m) => leg(m, 0)) });
    for (const m of rest) {
      if (measures.length > 0 && m.tokens.length === 2) continue;
      if (m.tokens.length === 2) units.push({ ...base, shared: false, legs: [leg(m, 0)] });
      else units.push({ ...base, shared: true, legs: m.tokens.map((_, k) => leg(m, k)) });
    }
  }
  return units;
}

/** A two-outcome market keeps one series, usually its Yes; the other side is 1 − it (store.ts). */
function chooseSeriesToken(leg: Leg, ends: Map<string, SeriesEnd>): void {
  if (leg.market.tokens.length !== 2 || ends.has(leg.token)) return;
  const other = leg.market.tokens[1 - leg.outcome]!;
  if (ends.has(other)) {
    leg.token = other;
    leg.complement = true;
  }
}

/**
 * How fine the new points are, by age: what the chart's ranges read (chart-range.ts: 1D at 5 minutes,
 * 1W at 30, 1M at 3 hours), so a long gap costs a few hundred points a series rather than thousands.
 */
const TIERS: readonly { olderThan: number; spacing: number }[] = [
  { olderThan: HISTORY_DAYS * DAY_S, spacing: DAY_S },
  { olderThan: 7 * DAY_S, spacing: 3 * HOUR_S },
  { olderThan: 2 * DAY_S, spacing: HOUR_S / 2 },
];

/**
 * The times of the new points after `from`: on the series' grid (`step`) for the last 2 days, and
 * further back at the chart's resolution for that age (multiples of the step, so every point stays on
 * the series' grid); the last one within a step of now.
 */
export function timesToNow(from: number, nowS: number, step: number): number[] {
  const times: number[] = [];
  const spacing = TIERS.map((tier) => ({
    olderThan: tier.olderThan,
    step: Math.max(step, Math.ceil(tier.spacing / step) * step),
  }));
  let t = from;
  for (;;) {
    const age = nowS - t;
    const next = t + (spacing.find((tier) => age > tier.olderThan)?.step ?? step);
    if (next > nowS) {
      // A coarse step would overshoot now: finish on the fine grid.
      if (t + step > nowS) return times;
      t += step;
    } else t = next;
    times.push(t);
  }
}

interface Walked {
  extensions: Extension[];
  points: number;
  /** The markets' new catalog prices (outcomePrices as text), by market id. */
  prices: Map<string, string[]>;
}

interface Context {
  seed: string;
  nowS: number;
  stepScale: number;
}

/**
 * Where each of a unit's legs continues from and on what grid: its latest stored point (or, without a
 * series, the unit's start, at most 30 days back), and its series' step (else the unit's first leg's,
 * else its event's, by volume). A leg is due once from + step ≤ now (timesToNow); the unit when its
 * first leg is. Legs traded apart (the lines of a measure) end at different times.
 */
function clockOf(unit: Unit, ends: Map<string, SeriesEnd>, context: Context) {
  const legEnds = unit.legs.map((l) => ends.get(l.token) ?? null);
  const unitStep =
    legEnds.find((e) => e !== null && e.stepS > 0)?.stepS ?? historyStepFor(unit.volume, context.stepScale);
  const fresh = alignDown(Math.max(unit.startS, context.nowS - HISTORY_DAYS * DAY_S), unitStep);
  const legs = legEnds.map((e) => ({
    step: e !== null && e.stepS > 0 ? e.stepS : unitStep,
    from: e ? e.lastTs : fresh,
  }));
  return { legEnds, legs, dueAt: Math.min(...legs.map((l) => l.from + l.step)) };
}

function walkToNow(unit: Unit, ends: Map<string, SeriesEnd>, context: Context): Walked | null {
  const { legEnds, legs } = clockOf(unit, ends, context);
  const legTimes = legs.map((l) => timesToNow(l.from, context.nowS, l.step));
  // One walk through every leg's times; each leg keeps the points on its own grid.
  const times = [...new Set(legTimes.flat())].sort((a, b) => a - b);
  if (times.length === 0) return null;

  // The walk starts where the catalog stands (the last point is always served at the catalog's price).
  const start = unit.legs.map((l) => l.market.prices[l.outcome]!);
  const from = Math.min(...legs.map((l) => l.from));
  const rng = createRandom(`${context.seed}:to-now:${unit.legs[0]!.token}:${from}`);
  const temper = eventTemper(context.seed, unit.eventId);
  const walk = unit.directions
    ? PriceWalk.together(start, unit.directions, temper, rng)
    : new PriceWalk(start, unit.shared, temper, rng);
  const walked = legTimes.map((t) => new Uint16Array(t.length));
  const next = legs.map(() => 0);
  let previous = from;
  for (const t of times) {
    walk.advance(t - previous);
    previous = t;
    for (let k = 0; k < walked.length; k++) {
      if (legTimes[k]![next[k]!] !== t) continue;
      const p = walk.price(k);
      walked[k]![next[k]!++] = walk.settled ? Math.round(p * PRICE_UNITS) : toUnits(p);
    }
  }
  const extensions = unit.legs.flatMap((leg, k): Extension[] =>
    legTimes[k]!.length === 0
      ? []
      : [
          {
            tokenId: leg.token,
            end: legEnds[k]!,
            times: legTimes[k]!,
            units: leg.complement ? walked[k]!.map((u) => PRICE_UNITS - u) : walked[k]!,
          },
        ],
  );
  return {
    extensions,
    points: legTimes.reduce((n, t) => n + t.length, 0),
    // A leg with no new point keeps the catalog's price, which its series ends at.
    prices: catalogPrices(
      unit,
      walked.map((w, k) => w.at(-1) ?? Math.round(start[k]! * PRICE_UNITS)),
    ),
  };
}

const alignDown = (t: number, step: number) => t - (((t % step) + step) % step);

/** Each market's outcomePrices after the walk: its legs' last prices (a binary's No is 1 − Yes). */
function catalogPrices(unit: Unit, last: readonly number[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  unit.legs.forEach((leg, k) => {
    const units = last[k]!;
    const market = leg.market;
    if (market.tokens.length === 2) {
      const yes = leg.outcome === 0 ? units : PRICE_UNITS - units;
      out.set(market.id, [formatPrice(yes), formatPrice(PRICE_UNITS - yes)]);
    } else {
      const prices = out.get(market.id) ?? market.prices.map((p) => formatPrice(Math.round(p * PRICE_UNITS)));
      prices[leg.outcome] = formatPrice(units);
      out.set(market.id, prices);
    }
  });
  return out;
}

/** Writes the markets' new prices; returns the events they belong to (their documents show them). */
async function writePrices(db: Db, prices: Map<string, string[]>): Promise<string[]> {
  const events = new Set<string>();
  const payload = [...prices].map(([id, shown]) => ({ id, prices: JSON.stringify(shown) }));
  for (let i = 0; i < payload.length; i += 5_000) {
    const changed = await rows<{ event_id: string }>(
      db,
      sql`UPDATE markets m SET outcome_prices = p.prices
          FROM json_to_recordset(${JSON.stringify(payload.slice(i, i + 5_000))}::json) AS p(id text, prices text)
          WHERE m.id = p.id RETURNING m.event_id::text`,
    );
    for (const row of changed) events.add(row.event_id);
  }
  return [...events];
}
