import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, rows } from '../server/db/open';
import { type PricePoint, unpackRow } from '../server/history/packing';
import { appendPrices } from '../server/history/store';
import { openTestDatabase } from '../server/test/database';
import { importEvents } from './import';
import { bringHistoriesToNow, recordCatalogPrices, timesToNow } from './history-to-now';
import { replaceWithGenerated } from './seed';

const DAY = 86_400;
/** The catalog's "now" when it was generated, and the start 30 days (and some hours) later. */
const generated = new Date('2026-10-01T00:00:00Z');
const later = new Date(generated.getTime() + (30 * DAY + 7 * 3600 + 13 * 60 + 7) * 1000);
const laterS = later.getTime() / 1000;

interface MarketRow {
  id: string;
  event_id: string;
  tokens: string[];
  prices: string;
  outcomes: string;
  neg_risk: boolean;
  day_ago: number | null;
  closed: boolean;
  started: boolean;
  /** Active and not closed, its event started: what is continued. */
  open: boolean;
}

async function markets(db: Db): Promise<MarketRow[]> {
  return rows<MarketRow>(
    db,
    sql`SELECT m.id, m.event_id::text, m.clob_token_ids AS tokens, m.outcome_prices AS prices, m.outcomes, m.neg_risk,
               m.day_ago_price AS day_ago, e.closed, e.start_date <= ${later.toISOString()}::timestamptz AS started,
               (m.active AND NOT m.closed AND NOT e.closed) AS open
        FROM markets m JOIN events e ON e.id = m.event_id ORDER BY m.id`,
  );
}

/** A token's stored points, every week, in order. */
async function stored(db: Db, tokenId: string): Promise<PricePoint[]> {
  const found = await rows<{
    start_ts: number;
    step_s: number;
    prices: Uint8Array;
    offsets: Uint8Array | null;
  }>(
    db,
    sql`SELECT start_ts, step_s, prices, offsets FROM price_history WHERE token_id = ${tokenId} ORDER BY week`,
  );
  return found.flatMap((r) =>
    unpackRow({
      startTs: r.start_ts,
      stepS: r.step_s,
      prices: new Uint8Array(r.prices),
      offsets: r.offsets ? new Uint8Array(r.offsets) : null,
    }),
  );
}

async function historyDigest(db: Db): Promise<string> {
  const all = await rows<{
    token_id: string;
    week: number;
    start_ts: number;
    step_s: number;
    p: string;
    o: string;
  }>(
    db,
    sql`SELECT token_id, week, start_ts, step_s, encode(prices, 'hex') AS p, coalesce(encode(offsets, 'hex'), '') AS o
        FROM price_history ORDER BY token_id, week`,
  );
  const prices = await rows(db, sql`SELECT id, outcome_prices, day_ago_price FROM markets ORDER BY id`);
  return createHash('sha256').update(JSON.stringify(all)).update(JSON.stringify(prices)).digest('hex');
}

const yesPrice = (m: MarketRow) => Number((JSON.parse(m.prices) as string[])[0]);

let database: Database;
let before: MarketRow[];
let beforeHistory: Map<string, PricePoint[]>;
/** An open market whose history was lost: it gets one from (at most) 30 days back. */
let withoutHistory: MarketRow;

/** The demo catalog as generated a month before `later`, one open market's history deleted. */
async function prepare(db: Db): Promise<MarketRow> {
  await replaceWithGenerated(db, { events: 150, now: generated });
  const open = (await markets(db)).filter((m) => m.open && m.started);
  const chosen = open.find((m) => !m.neg_risk && ![0, 1].includes(yesPrice(m)))!;
  await db.execute(sql`DELETE FROM price_history WHERE token_id = ${chosen.tokens[0]!}`);
  return chosen;
}

beforeAll(async () => {
  database = await openTestDatabase();
  withoutHistory = await prepare(database.db);
  before = await markets(database.db);
  beforeHistory = new Map();
  for (const m of before) beforeHistory.set(m.tokens[0]!, await stored(database.db, m.tokens[0]!));
}, 120_000);
afterAll(() => database.close());

describe('timesToNow', () => {
  it('keeps to the grid: the step for the last 2 days, coarser further back; the last within a step of now', () => {
    const step = 600;
    const now = 1_000_000_200;
    const from = now - 40 * DAY - 1_234 * step;
    const times = timesToNow(from, now, step);
    expect(times.every((t) => (t - from) % step === 0)).toBe(true);
    expect(now - times.at(-1)!).toBeLessThan(step);
    const gaps = times.map((t, i) => t - (i === 0 ? from : times[i - 1]!));
    const at = (age: number) => gaps[times.findIndex((t) => t >= now - age)]!;
    expect(at(35 * DAY)).toBe(DAY);
    expect(at(20 * DAY)).toBe(3 * 3_600);
    expect(at(4 * DAY)).toBe(1_800);
    // Within the last 2 days (once past the coarser step that reaches into them), every step is the grid's.
    const fine = gaps.filter((_, i) => i > 0 && times[i - 1]! > now - 2 * DAY);
    expect(fine.length).toBeGreaterThan(280);
    expect(fine.every((g) => g === step)).toBe(true);
    expect(timesToNow(now - step + 1, now, step)).toEqual([]);
  });
});

describe('bringing the demo histories to now after a month away', () => {
  let report: Awaited<ReturnType<typeof bringHistoriesToNow>>;
  let after: MarketRow[];

  beforeAll(async () => {
    report = await bringHistoriesToNow(database.db, later);
    after = await markets(database.db);
  }, 120_000);

  it('continues every open series from its last point to within a step of now, without a gap', async () => {
    expect(report?.series).toBeGreaterThan(100);
    const open = after.filter((m) => m.open && m.started);
    expect(open.length).toBeGreaterThan(100);
    const bad: string[] = [];
    for (const m of open) {
      const points = await stored(database.db, m.tokens[0]!);
      const old = beforeHistory.get(m.tokens[0]!)!;
      const last = points.at(-1)!;
      const step = old.length >= 2 ? old.at(-1)!.t - old.at(-2)!.t : 900;
      if (laterS - last.t >= step) bad.push(`${m.id}: ends ${laterS - last.t} s before now (step ${step})`);
      // What was stored is kept as it was, then the new points follow it.
      if (JSON.stringify(points.slice(0, old.length)) !== JSON.stringify(old))
        bad.push(`${m.id}: history rewritten`);
      const gaps = points
        .slice(Math.max(1, old.length))
        .map((p, i) => p.t - points[Math.max(1, old.length) + i - 1]!.t);
      if (gaps.some((g) => g <= 0 || g > DAY)) bad.push(`${m.id}: a gap of ${Math.max(...gaps)} s`);
      // The last day is on the series' own grid (the 1D chart's resolution), the week at least as fine
      // as the 1W chart reads it (30 minutes).
      const lastDay = points.filter((p) => p.t > laterS - DAY);
      if (lastDay.some((p, i) => i > 0 && p.t - lastDay[i - 1]!.t !== step))
        bad.push(`${m.id}: coarse last day`);
      const lastWeek = points.filter((p) => p.t > laterS - 7 * DAY);
      if (lastWeek.some((p, i) => i > 0 && p.t - lastWeek[i - 1]!.t > Math.max(step, 1_800)))
        bad.push(`${m.id}: coarse last week`);
      // The catalog shows the new last point.
      if (Math.abs(last.p - yesPrice(m)) > 1e-9)
        bad.push(`${m.id}: catalog ${yesPrice(m)}, history ${last.p}`);
    }
    expect(bad).toEqual([]);
  });

  it("keeps an open ladder's rungs in the order they had, having moved them", () => {
    const was = new Map(before.map((m) => [m.id, m]));
    const rungs = new Map<string, MarketRow[]>();
    for (const m of after)
      if (m.open && !m.neg_risk && m.outcomes === '["Yes","No"]' && was.get(m.id)!.started)
        rungs.set(m.event_id, [...(rungs.get(m.event_id) ?? []), m]);
    const ladders = [...rungs.values()].filter((list) => list.length >= 2);
    let moved = 0;
    for (const ladder of ladders) {
      const order = (prices: number[]) => ladder.map((_, i) => i).sort((a, b) => prices[a]! - prices[b]!);
      const now = ladder.map(yesPrice);
      const then = ladder.map((m) => yesPrice(was.get(m.id)!));
      expect(
        order(now).map((i) => now[i]),
        ladder[0]!.event_id,
      ).toEqual(order(then).map((i) => now[i]));
      if (now.some((p, i) => p !== then[i])) moved++;
    }
    expect(ladders.length).toBeGreaterThan(5);
    expect(moved).toBeGreaterThan(ladders.length / 2);
  });

  it('moves prices like a walk: most open markets moved, none off 0…1, settled rungs stay settled', () => {
    const was = new Map(before.map((m) => [m.id, m]));
    const open = after.filter((m) => m.open && was.get(m.id)!.started);
    const walking = open.filter((m) => ![0, 1].includes(yesPrice(was.get(m.id)!)));
    const moved = walking.filter((m) => m.prices !== was.get(m.id)!.prices);
    expect(walking.length).toBeGreaterThan(100);
    expect(moved.length / walking.length).toBeGreaterThan(0.8);
    for (const m of open) {
      const p = yesPrice(m);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
      const old = yesPrice(was.get(m.id)!);
      if (old === 0 || old === 1) expect(p).toBe(old);
    }
  });

  it('keeps a negative-risk group adding up to what it added up to', async () => {
    const groups = new Map<string, MarketRow[]>();
    for (const m of after.filter((x) => x.neg_risk && x.open && x.started))
      groups.set(m.event_id, [...(groups.get(m.event_id) ?? []), m]);
    expect(groups.size).toBeGreaterThan(5);
    for (const members of groups.values()) {
      const sumBefore = members.reduce((s, m) => s + yesPrice(before.find((b) => b.id === m.id)!), 0);
      const series = await Promise.all(members.map((m) => stored(database.db, m.tokens[0]!)));
      // At each new point of the group (a common grid), the sum stays within rounding of the start's
      // (each price on a 0.001 tick, and never below 0.0005).
      const times = series[0]!.filter((p) => p.t > generated.getTime() / 1000).map((p) => p.t);
      for (const t of times.filter((_, i) => i % 50 === 0)) {
        const at = series.map((points) => points.find((p) => p.t === t)!.p);
        // A group whose mass has all gone to one answer can add up to no more than its 0.9995 and
        // the others' floor of 0.0005 each.
        if (at.some((p) => p === 0.9995)) continue;
        const sum = at.reduce((a, b) => a + b, 0);
        expect(Math.abs(sum - sumBefore)).toBeLessThanOrEqual(0.001 * members.length);
      }
    }
  });

  it('updates the 24-hour marks and the events’ documents with the new prices', async () => {
    const open = after.filter((m) => m.open && m.started).slice(0, 40);
    for (const m of open) {
      const points = await stored(database.db, m.tokens[0]!);
      const dayAgo = points.filter((p) => p.t <= points.at(-1)!.t - DAY).at(-1)!;
      expect(m.day_ago).toBeCloseTo(dayAgo.p, 9);
      const [doc] = await rows<{ body: string }>(
        database.db,
        sql`SELECT body FROM event_documents WHERE event_id = ${m.event_id}::bigint`,
      );
      const shown = (
        JSON.parse(doc!.body) as { markets: { id: string; outcomePrices: string }[] }
      ).markets.find((x) => x.id === m.id);
      expect(shown?.outcomePrices).toBe(m.prices);
    }
  });

  it('leaves closed and not yet active events alone, and starts a series for an open market without one', async () => {
    const was = new Map(before.map((m) => [m.id, m]));
    const untouched = after.filter((x) => !x.open);
    expect(untouched.length).toBeGreaterThan(50);
    for (const m of untouched) {
      expect(m.prices).toBe(was.get(m.id)!.prices);
      expect(await stored(database.db, m.tokens[0]!)).toEqual(beforeHistory.get(m.tokens[0]!));
    }
    expect(beforeHistory.get(withoutHistory.tokens[0]!)).toEqual([]);
    const points = await stored(database.db, withoutHistory.tokens[0]!);
    expect(points.length).toBeGreaterThan(300);
    expect(points[0]!.t).toBeGreaterThanOrEqual(laterS - 30 * DAY - 900);
    expect(laterS - points.at(-1)!.t).toBeLessThan(900);
    expect(points.at(-1)!.p).toBe(yesPrice(after.find((m) => m.id === withoutHistory.id)!));
  });

  it('changes nothing when started again at the same time, and is deterministic', async () => {
    const digest = await historyDigest(database.db);
    expect((await bringHistoriesToNow(database.db, later))?.series).toBe(0);
    expect(await historyDigest(database.db)).toBe(digest);

    const twin = await openTestDatabase();
    try {
      await prepare(twin.db);
      await bringHistoriesToNow(twin.db, later);
      expect(await historyDigest(twin.db)).toBe(digest);
    } finally {
      await twin.close();
    }
  }, 120_000);

  it('closes a gap of a few minutes on the series’ grid, keeping the week’s earlier points', async () => {
    const soon = new Date(later.getTime() + 47 * 60 * 1000);
    const open = (await markets(database.db)).filter((m) => m.open && m.started);
    // Three of them traded meanwhile: the catalog follower recorded a point off the grid.
    const traded = open.slice(0, 3);
    for (const m of traded) {
      await appendPrices(database.db, [{ tokens: [m.tokens[0]!, m.tokens[1]!], p0: 0.5 }], laterS + 100);
      await database.db.execute(sql`UPDATE markets SET outcome_prices = '["0.5","0.5"]' WHERE id = ${m.id}`);
    }
    const beforeSoon = new Map<string, PricePoint[]>();
    for (const m of open.slice(0, 30)) beforeSoon.set(m.id, await stored(database.db, m.tokens[0]!));
    const again = await bringHistoriesToNow(database.db, soon);
    expect(again!.points).toBeGreaterThan(0);
    const now = await markets(database.db);
    for (const m of open.slice(0, 30)) {
      const old = beforeSoon.get(m.id)!;
      const points = await stored(database.db, m.tokens[0]!);
      expect(points.slice(0, old.length)).toEqual(old);
      const last = old.at(-1)!.t;
      // After a traded market's last point, its walk's own grid; after the others', the series' grid.
      const step = traded.includes(m) ? old.at(-2)!.t - old.at(-3)!.t : last - old.at(-2)!.t;
      const added = points.slice(old.length);
      expect(added.length).toBe(Math.floor((soon.getTime() / 1000 - last) / step));
      expect(added.map((p) => p.t)).toEqual(added.map((_, i) => last + (i + 1) * step));
      // The 24-hour mark is the stored price a day before the new last point.
      const dayAgo = points.filter((p) => p.t <= points.at(-1)!.t - DAY).at(-1)!;
      expect(now.find((x) => x.id === m.id)!.day_ago).toBeCloseTo(dayAgo.p, 9);
    }
  }, 60_000);
});

describe('while the demo runs', () => {
  it('records the catalog’s price now where a chart ends more than 10 minutes ago, and nowhere else', async () => {
    const open = (await markets(database.db)).filter((m) => m.open && m.started);
    const [fresh, ...rest] = open;
    const at = new Date(later.getTime() + 2 * 3_600_000);
    const atS = at.getTime() / 1000;
    // One market's book moved five minutes ago (the catalog follower recorded it).
    await appendPrices(
      database.db,
      [{ tokens: [fresh!.tokens[0]!, fresh!.tokens[1]!], p0: yesPrice(fresh!) }],
      atS - 300,
    );
    const before = await stored(database.db, fresh!.tokens[0]!);
    const recorded = await recordCatalogPrices(
      database.db,
      open.map((m) => m.id),
      at,
      600,
    );
    expect(recorded).toBe(rest.length);
    expect(await stored(database.db, fresh!.tokens[0]!)).toEqual(before);
    for (const m of rest.slice(0, 20)) {
      const last = (await stored(database.db, m.tokens[0]!)).at(-1)!;
      expect(last).toEqual({ t: atS, p: yesPrice(m) });
    }
    // Again at once: every chart is current, nothing to record.
    expect(
      await recordCatalogPrices(
        database.db,
        open.map((m) => m.id),
        at,
        600,
      ),
    ).toBe(0);
  });
});

describe('an imported catalog', () => {
  it('is never continued by invented walks', async () => {
    const other = await openTestDatabase();
    try {
      await replaceWithGenerated(other.db, { events: 20, now: generated });
      const report = await importEvents(other.db, [
        {
          id: '77',
          slug: 'real',
          title: 'A real event',
          active: true,
          closed: false,
          startDate: '2026-01-01T00:00:00Z',
          endDate: '2027-01-01T00:00:00Z',
          markets: [
            {
              id: '770',
              question: 'Real?',
              conditionId: `0x${'7'.repeat(64)}`,
              outcomes: '["Yes","No"]',
              outcomePrices: '["0.5","0.5"]',
              clobTokenIds: '["7701","7702"]',
            },
          ],
        },
      ]);
      expect(report.errors).toEqual([]);
      const digest = await historyDigest(other.db);
      expect(await bringHistoriesToNow(other.db, later)).toBeNull();
      expect(await historyDigest(other.db)).toBe(digest);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('a restart with little or nothing due', () => {
  /**
   * Two copies of the same demo catalog, brought to `later`; then, at each of a run of later starts,
   * `skipping` starts as the server does, `full` as if it had never stored when a series is next due
   * (every open market and series end read). Both must come out the same, point for point.
   */
  let skipping: Database;
  let full: Database;
  let first: NonNullable<Awaited<ReturnType<typeof bringHistoriesToNow>>>;

  beforeAll(async () => {
    [skipping, full] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    for (const d of [skipping, full]) await replaceWithGenerated(d.db, { events: 150, now: generated });
    first = (await bringHistoriesToNow(skipping.db, later))!;
    await bringHistoriesToNow(full.db, later);
  }, 180_000);
  afterAll(async () => {
    await skipping?.close();
    await full?.close();
  });

  const dueAt = async (db: Db) =>
    (await rows<{ due: string | null }>(db, sql`SELECT history_due_at::text AS due FROM demo_catalog`))[0]!
      .due;
  const dueTimes = async (db: Db) =>
    JSON.stringify(
      await rows(db, sql`SELECT event_id::text, due_at::text FROM demo_history_due ORDER BY event_id`),
    );
  /** Starts both at `atS`: what the skipping one did, and how much the full one looked at. */
  const startBoth = async (atS: number) => {
    await full.db.execute(sql`UPDATE demo_catalog SET history_due_at = NULL`);
    const a = (await bringHistoriesToNow(skipping.db, new Date(atS * 1000)))!;
    const b = (await bringHistoriesToNow(full.db, new Date(atS * 1000)))!;
    expect(b.looked).toBeGreaterThan(50);
    expect(a.points).toBe(b.points);
    expect(await historyDigest(skipping.db)).toBe(await historyDigest(full.db));
    expect(await dueAt(skipping.db)).toBe(await dueAt(full.db));
    expect(await dueTimes(skipping.db)).toBe(await dueTimes(full.db));
    return { ...a, fullLooked: b.looked };
  };

  it('stores when the first series is next due: within its step of now', async () => {
    expect(first.looked).toBeGreaterThan(50);
    expect(first.dueAt).toBeGreaterThan(laterS);
    expect(first.dueAt).toBeLessThanOrEqual(laterS + 900);
    expect(await dueAt(skipping.db)).toBe(String(first.dueAt));
  });

  it('reads nothing before then, then only the events due, continuing what a full catch-up continues', async () => {
    const due = first.dueAt!;
    const before = await startBoth(due - 1);
    expect(before).toMatchObject({ looked: 0, series: 0, points: 0 });
    // At then, the events whose series' steps end then (5 minutes; 15 on the quarter hour).
    const at = await startBoth(due);
    expect(at.looked).toBeGreaterThan(0);
    expect(at.looked).toBeLessThan(at.fullLooked);
    expect(at.points).toBeGreaterThan(0);
    expect(at.dueAt).toBeGreaterThan(due);
    // Steps of 5, 10 and 15 minutes fall due at different times: every start in the next hour, a
    // minute or seven apart, gives the same histories whether it read the events due or all of them.
    let skipped = 0;
    let partly = 0;
    for (let s = due + 60; s < due + 3_600; s += 7 * 60 + 13) {
      const run = await startBoth(s);
      if (run.looked === 0) skipped++;
      else if (run.looked < run.fullLooked) partly++;
    }
    expect(skipped).toBeGreaterThan(0);
    expect(partly).toBeGreaterThan(0);
  }, 180_000);

  it('continues a series a point was recorded in while the demo ran, a minute after that point', async () => {
    // A start 5 minutes past a quarter hour: the 15-minute series end 5 minutes before it, all others
    // are due 5 minutes after it.
    const start = Math.ceil(Number(await dueAt(skipping.db)) / 900) * 900 + 301;
    await startBoth(start);
    const t = start + 10;
    const open = (await markets(skipping.db)).filter((m) => m.open && m.started && !m.neg_risk);
    let traded: MarketRow | undefined;
    for (const m of open)
      if (![0, 1].includes(yesPrice(m)) && (await stored(skipping.db, m.tokens[0]!)).at(-1)!.t <= t - 60) {
        traded = m;
        break;
      }
    for (const d of [skipping, full])
      await appendPrices(d.db, [{ tokens: [traded!.tokens[0]!, traded!.tokens[1]!], p0: 0.5 }], t);
    expect(Number(await dueAt(skipping.db))).toBe(t + 60);
    // A start then reads that event only (its series may be due: a step after its new point), and
    // comes out as a full one.
    const run = await startBoth(t + 60);
    expect(run.looked).toBeGreaterThan(0);
    expect(run.looked).toBeLessThan(10);
  }, 60_000);

  it('keeps upcoming events due at their start', async () => {
    const upcoming = await rows<{ id: string; s: number; due: string | null }>(
      skipping.db,
      sql`SELECT e.id::text, floor(extract(epoch FROM e.start_date))::float8 AS s, d.due_at::text AS due
          FROM events e LEFT JOIN demo_history_due d ON d.event_id = e.id
          WHERE NOT e.closed AND e.start_date > to_timestamp(${Number(await dueAt(skipping.db))})`,
    );
    expect(upcoming.length).toBeGreaterThan(0);
    for (const e of upcoming) expect(Number(e.due)).toBe(e.s);
  });

  it('starts over when the catalog is generated again', async () => {
    await replaceWithGenerated(skipping.db, { events: 20, now: generated });
    expect(await dueAt(skipping.db)).toBeNull();
    expect(await dueTimes(skipping.db)).toBe('[]');
  }, 60_000);
});
