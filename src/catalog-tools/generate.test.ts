import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Event } from '../contract/catalog';
import {
  batches,
  DEFAULT_EVENTS,
  formatPrice,
  generateCatalog,
  generateEvents,
  groupItemTitles,
  statusOf,
} from './generate';
import { createRandom } from './random';
import { MEMBERS, MEN_FIRST_NAMES, WOMEN_FIRST_NAMES } from './vocabulary';

const now = new Date('2026-11-22T00:00:00Z');
const catalog = generateCatalog({ events: DEFAULT_EVENTS, now });
const markets = catalog.flatMap((e) => e.markets);
const publicDir = resolve(import.meta.dirname, '../../public');

const decode = (text: string): unknown => JSON.parse(text);

describe('random', () => {
  it('is reproducible from its seed and differs between seeds', () => {
    const a = createRandom('x');
    const b = createRandom('x');
    const c = createRandom('y');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });
});

describe('generateEvents', () => {
  it('gives the same catalog for the same seed and date, another for another seed or date', () => {
    const again = generateCatalog({ events: 200, now });
    expect(again).toEqual(catalog.slice(0, 200));
    expect(JSON.stringify(generateCatalog({ events: 200, now, seed: 'other' }))).not.toEqual(
      JSON.stringify(again),
    );
    const later = generateCatalog({ events: 200, now: new Date('2026-12-01T00:00:00Z') });
    expect(later[0]?.startDate).not.toEqual(again[0]?.startDate);
  });

  it('streams in batches that add up to the whole catalog', () => {
    const streamed = [...batches(generateEvents({ events: 450, now }), 100)];
    expect(streamed.map((b) => b.length)).toEqual([100, 100, 100, 100, 50]);
    expect(streamed.flat()).toEqual(catalog.slice(0, 450));
  });

  it('has the default size: ≥ 3,000 events, ≥ 10,000 markets, ~30 tags, ~20 series', () => {
    expect(catalog).toHaveLength(3000);
    expect(markets.length).toBeGreaterThanOrEqual(10_000);
    const tags = new Set(catalog.flatMap((e) => e.tags.map((t) => t.id)));
    const series = new Set(catalog.flatMap((e) => e.series.map((s) => s.id)));
    expect(tags.size).toBeGreaterThanOrEqual(28);
    expect(tags.size).toBeLessThanOrEqual(35);
    expect(series.size).toBeGreaterThanOrEqual(18);
    expect(series.size).toBeLessThanOrEqual(25);
  });

  it('keeps ≥ 10,000 markets, and open events of one title rare, whatever the day it is made', () => {
    // The demo is made on the day of the first start, and its titles follow the dates: "Super Bowl
    // Champion 2027" once, not 38 times.
    for (const day of ['2026-01-09', '2026-06-20', '2027-03-15', '2027-10-02']) {
      const made = generateCatalog({ events: DEFAULT_EVENTS, now: new Date(`${day}T00:00:00Z`) });
      const open = made.filter((e) => !e.closed);
      const repeats = open.length - new Set(open.map((e) => e.title)).size;
      expect(made.flatMap((e) => e.markets).length, day).toBeGreaterThanOrEqual(10_000);
      expect(repeats / open.length, day).toBeLessThan(0.01);
    }
  });

  it("prices and resolves a game's markets as one game: never a spread likelier than the win", () => {
    const games = catalog.filter((e) => e.markets.some((m) => m.question.startsWith('Spread: ')));
    expect(games.length).toBeGreaterThan(50);
    expect(games.filter((g) => g.closed).length).toBeGreaterThan(10);
    for (const game of games) {
      const [moneyline, ...rest] = game.markets;
      const first = (m: (typeof rest)[number]) => Number(JSON.parse(m.outcomePrices)[0]);
      const spreads = rest.filter((m) => m.question.startsWith('Spread: '));
      const totals = rest.filter((m) => m.question.includes(': O/U '));
      // The favourite's chance to win, from the moneyline (its outcomes read away vs. home).
      const favourite = JSON.parse(spreads[0]!.outcomes)[0];
      const names = JSON.parse(moneyline!.outcomes) as string[];
      const win = Number(JSON.parse(moneyline!.outcomePrices)[names.indexOf(favourite)]);
      const covers = spreads.map(first);
      const overs = totals.map(first);
      expect([win, ...covers], game.slug).toEqual([win, ...covers].sort((a, b) => b - a));
      expect(overs, game.slug).toEqual([...overs].sort((a, b) => b - a));
    }
  });

  it('asks sensible questions: capitalised, never a member whether it will join, no EU member trading alone', () => {
    const lower = catalog
      .flatMap((e) => [e.title, ...e.markets.map((m) => m.question)])
      .filter((t) => /^[a-z]/.test(t));
    expect(lower).toEqual([]);
    const joins = catalog.flatMap((e) => {
      const m = e.title.match(/^Will (.+) formally apply to join (.+) by /);
      return m ? [[m[1]!.replace(/^The /, 'the '), m[2]!] as const] : [];
    });
    expect(joins.length).toBeGreaterThan(10);
    for (const [country, org] of joins)
      expect(MEMBERS[org as keyof typeof MEMBERS], country).not.toContain(country);
    const eu = MEMBERS['the European Union'];
    for (const e of catalog) {
      const pair = e.title.match(/^(.+) and (.+) trade agreement signed by/);
      if (pair)
        expect(eu.includes(pair[1]!.replace(/^The /, 'the ')) || eu.includes(pair[2]!), e.title).toBe(false);
    }
  });

  it('produces contract events only', () => {
    const bad: string[] = [];
    for (const event of catalog) {
      const parsed = Event.safeParse(event);
      if (!parsed.success) bad.push(`event ${event.id}: ${parsed.error.message}`);
      if (!event.description.includes('\n\n')) bad.push(`event ${event.id}: one-paragraph description`);
      if (Date.parse(event.startDate) >= Date.parse(event.endDate))
        bad.push(`event ${event.id}: starts after end`);
      if (new Date(event.startDate).toISOString() !== event.startDate)
        bad.push(`event ${event.id}: start format`);
      if (new Date(event.endDate).toISOString() !== event.endDate) bad.push(`event ${event.id}: end format`);
    }
    expect(bad).toEqual([]);
  });

  it('ends each rung of a "by <date>?" ladder on its own date', () => {
    const rungs = markets.filter(
      (m) => / by [A-Z][a-z]+ \d{1,2}, \d{4}\?$/.test(m.question) && m.question.includes('IPO'),
    );
    expect(rungs.length).toBeGreaterThan(20);
    for (const m of rungs) {
      const named = m.question.match(/ by ([A-Z][a-z]+ \d{1,2}, \d{4})\?$/)![1]!;
      expect(
        new Date(m.endDate).toLocaleDateString('en-US', {
          month: 'long',
          day: 'numeric',
          year: 'numeric',
          timeZone: 'UTC',
        }),
        m.question,
      ).toBe(named);
    }
  });

  it('never asks one question twice in an event', () => {
    const twice = catalog.filter((e) => new Set(e.markets.map((m) => m.question)).size !== e.markets.length);
    expect(twice.map((e) => e.title)).toEqual([]);
  });

  it('keeps ids, slugs and market ids unique, and the wire formats of ids', () => {
    expect(new Set(catalog.map((e) => e.id)).size).toBe(catalog.length);
    expect(new Set(catalog.map((e) => e.slug)).size).toBe(catalog.length);
    expect(new Set(markets.map((m) => m.id)).size).toBe(markets.length);
    // Plain checks collected, one assertion: 12,000 markets × expect() would take seconds.
    const bad = [
      ...catalog.filter((e) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(e.slug)).map((e) => `slug ${e.slug}`),
      ...markets
        .filter(
          (m) =>
            !/^[1-9][0-9]*$/.test(m.id) ||
            !/^0x[0-9a-f]{64}$/.test(m.conditionId) ||
            !m.clobTokenIds.every((t) => /^[1-9][0-9]{75,77}$/.test(t)),
        )
        .map((m) => `market ${m.id}`),
    ];
    expect(bad).toEqual([]);
  });

  it('gives every market 2 outcomes with one price and one token each; prices in [0, 1] summing to 1', () => {
    let named = 0;
    const bad: string[] = [];
    for (const m of markets) {
      const outcomes = decode(m.outcomes) as string[];
      const prices = decode(m.outcomePrices) as string[];
      // Exactly two: the order book trades, and the reference SDK reads, two-outcome markets only.
      if (outcomes.length !== 2) bad.push(`${m.id}: ${outcomes.length} outcomes`);
      if (prices.length !== outcomes.length || m.clobTokenIds.length !== outcomes.length)
        bad.push(`${m.id}: lengths ${outcomes.length}/${prices.length}/${m.clobTokenIds.length}`);
      for (const p of prices)
        if (!/^(0|1|0\.[0-9]*[1-9])$/.test(p) || Number(p) < 0 || Number(p) > 1)
          bad.push(`${m.id}: price ${p}`);
      const sum = prices.reduce((s, p) => s + Number(p), 0);
      if (Math.abs(sum - 1) > 1e-9) bad.push(`${m.id}: prices sum to ${sum}`);
      if (outcomes[0] !== 'Yes') named++;
    }
    expect(bad).toEqual([]);
    expect(named).toBeGreaterThan(50); // some markets with named outcomes (teams, Up/Down, Over/Under)
  });

  it('names each answer by what its question says that the others do not, without stray punctuation', () => {
    expect(
      groupItemTitles(['Election called by October 19, 2026?', 'Election called by November 3, 2026?']),
    ).toEqual(['October 19', 'November 3']);
    expect(
      groupItemTitles(['Will the Fed cut 50 bps in March?', 'Will the Fed cut 25 bps in March?']),
    ).toEqual(['50', '25']);
    const stray = catalog.flatMap((e) => e.markets.filter((m) => /^[,;:]|[,;:]$/.test(m.groupItemTitle)));
    expect(stray.map((m) => m.groupItemTitle)).toEqual([]);
  });

  it('closes the rungs of an open "by <date>?" question whose date has passed, ending on that date', () => {
    const stillOpen: string[] = [];
    let ended = 0;
    for (const e of catalog.filter((e) => !e.closed))
      for (const m of e.markets) {
        const past = Date.parse(m.endDate) <= now.getTime();
        if (past && !m.closed) stillOpen.push(`${e.title}: ${m.question} ended ${m.endDate}`);
        if (m.closed && Date.parse(m.endDate) < Date.parse(e.endDate)) {
          ended++;
          expect(m.outcomePrices, m.question).toBe('["0","1"]');
        }
      }
    expect(stillOpen).toEqual([]);
    expect(ended).toBeGreaterThan(50);
  });

  it('makes every question with several answers a negative-risk group of Yes/No markets', () => {
    const multiAnswer = [
      /^.+ governor race [0-9]{4}: which party wins\?$/,
      /^ECB rate decision in [A-Z][a-z]+\?$/,
      /^#1 song on the weekly chart on .+\?$/,
    ];
    const bad: string[] = [];
    let soccer = 0;
    let others = 0;
    for (const e of catalog) {
      const draw = e.markets.find((m) => m.groupItemTitle.startsWith('Draw ('));
      if (!draw && !multiAnswer.some((re) => re.test(e.title))) continue;
      if (draw) soccer++;
      else others++;
      if (e.markets.length < 3) bad.push(`${e.title}: ${e.markets.length} markets`);
      for (const m of e.markets) {
        if (!m.negRisk) bad.push(`${e.title}: ${m.question} is not negRisk`);
        if (m.outcomes !== '["Yes","No"]') bad.push(`${e.title}: ${m.question} has ${m.outcomes}`);
        if (m.groupItemTitle === '') bad.push(`${e.title}: ${m.question} has no groupItemTitle`);
      }
      const yes = e.markets.map((m) => Number((decode(m.outcomePrices) as string[])[0]));
      const sum = yes.reduce((a, b) => a + b, 0);
      // Open: Yes prices add up to 1 and a little overround; resolved: exactly one answer won.
      if (e.closed ? sum !== 1 || yes.some((p) => p !== 0 && p !== 1) : sum < 0.97 || sum > 1.06)
        bad.push(`${e.title}: Yes prices ${yes.join(', ')}`);
    }
    expect(bad).toEqual([]);
    expect(soccer).toBeGreaterThan(30);
    expect(others).toBeGreaterThan(30);
    const match = catalog.find((e) => e.markets.some((m) => m.groupItemTitle.startsWith('Draw (')))!;
    const [home, , away] = match.markets.map((m) => m.groupItemTitle);
    expect(match.markets.map((m) => m.groupItemTitle)).toEqual([home, `Draw (${match.title})`, away]);
  });

  it('mixes binary events, groups of Yes/No markets whose Yes prices add up to ~1, and named-outcome markets', () => {
    const single = catalog.filter((e) => e.markets.length === 1);
    const groups = catalog.filter((e) => e.markets.length >= 3);
    expect(single.length).toBeGreaterThan(300);
    expect(groups.length).toBeGreaterThan(1000);
    const fed = catalog.find((e) => e.title.startsWith('Fed decision in') && !e.closed);
    expect(fed?.markets).toHaveLength(5);
    const yesSum = fed!.markets.reduce((s, m) => s + Number((decode(m.outcomePrices) as string[])[0]), 0);
    expect(yesSum).toBeGreaterThan(0.95);
    expect(yesSum).toBeLessThan(1.06);
  });

  it('has heavy-tailed money with volume24hr ≤ volume', () => {
    for (const e of catalog) {
      expect(e.volume24hr).toBeLessThanOrEqual(e.volume);
      for (const n of [e.volume, e.volume24hr, e.liquidity]) expect(n).toBeGreaterThanOrEqual(0);
    }
    const volumes = catalog.map((e) => e.volume).sort((a, b) => a - b);
    const median = volumes[Math.floor(volumes.length / 2)]!;
    expect(volumes.at(-1)! / median).toBeGreaterThan(100);
  });

  it('has active, closed and upcoming events with dates that fit their status', () => {
    const counts = { active: 0, closed: 0, upcoming: 0 };
    for (const e of catalog) {
      const status = statusOf(e, now);
      counts[status]++;
      const [start, end] = [Date.parse(e.startDate), Date.parse(e.endDate)];
      if (status === 'closed') expect(end).toBeLessThan(now.getTime());
      if (status === 'active') {
        expect(e.active).toBe(true);
        expect(start).toBeLessThanOrEqual(now.getTime());
        expect(end).toBeGreaterThan(now.getTime());
      }
      if (status === 'upcoming') expect(start).toBeGreaterThan(now.getTime());
    }
    expect(counts.active).toBeGreaterThan(1000);
    expect(counts.closed).toBeGreaterThan(500);
    expect(counts.upcoming).toBeGreaterThan(200);
    // Like the public catalog: most closed events still say active: true.
    expect(catalog.some((e) => e.closed && e.active)).toBe(true);
  });

  it('ends a question about a month or a year with it, and one about a yearly final or report on its day', () => {
    const monthName = (d: Date) => d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    const lastDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    const seen = { month: 0, monthReport: 0, yearEnd: 0, yearly: 0, report: 0, quarter: 0 };
    const bad: string[] = [];
    const check = (ok: boolean, e: Event, kind: keyof typeof seen) => {
      seen[kind]++;
      if (!ok) bad.push(`${e.title} ends ${e.endDate}`);
    };
    for (const e of catalog) {
      const end = new Date(e.endDate);
      if (Date.parse(e.startDate) >= end.getTime()) bad.push(`${e.title} starts ${e.startDate}`);
      const month = / (?:hit in|launches in|at the end of) ([A-Z][a-z]+) ([0-9]{4})\?$/.exec(e.title);
      // A month's figures are published in the next.
      const monthReport =
        /(?:rate in|anomaly in) ([A-Z][a-z]+) ([0-9]{4})\?$|^([A-Z][a-z]+) ([0-9]{4}) inflation/.exec(
          e.title,
        );
      const yearEnd = /at the end of ([0-9]{4})\?$/.exec(e.title);
      // Finals, races, ceremonies, elections, awards: in the year they are named after.
      const yearly =
        /^(?:NBA Champion|Super Bowl Champion|Champions League winner|Premier League winner|(?:NBA|NFL) .+|.+ winner|Grammy .+) ([0-9]{4})$|(?:Grand Prix|Open|Wimbledon|governor race) ([0-9]{4}):/.exec(
          e.title,
        );
      // A year's figures are reported in January of the next.
      const report = /(?:recession in|^Will) ([0-9]{4})(?: be the hottest year on record)?\?$/.exec(e.title);
      const quarter = /in Q([1-4]) ([0-9]{4})\?$/.exec(e.title);
      if (month)
        check(
          `${monthName(end)} ${end.getUTCFullYear()}` === `${month[1]} ${month[2]}` &&
            end.getUTCDate() === lastDay(end),
          e,
          'month',
        );
      else if (monthReport) {
        const [name, y] = monthReport[1] ? monthReport.slice(1, 3) : monthReport.slice(3, 5);
        const before = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
        check(`${monthName(before)} ${before.getUTCFullYear()}` === `${name} ${y}`, e, 'monthReport');
      } else if (yearEnd)
        check(
          end.getUTCFullYear() === Number(yearEnd[1]) && e.endDate.slice(5, 10) === '12-31',
          e,
          'yearEnd',
        );
      else if (yearly) check(end.getUTCFullYear() === Number(yearly[1] ?? yearly[2]), e, 'yearly');
      else if (report)
        check(end.getUTCFullYear() === Number(report[1]) + 1 && end.getUTCMonth() === 0, e, 'report');
      // Reported after the quarter ends.
      else if (quarter)
        check(end.getTime() >= Date.UTC(Number(quarter[2]), 3 * Number(quarter[1]), 1), e, 'quarter');
    }
    expect(bad).toEqual([]);
    // Every kind is checked (one title a year makes the largest-company question rare).
    for (const count of Object.values(seen)) expect(count).toBeGreaterThanOrEqual(3);
  });

  it('resolves the past rungs of open "by <date>?" ladders to No, like real date-ladder events', () => {
    let past = 0;
    const bad: string[] = [];
    for (const e of catalog.filter((e) => !e.closed && e.title.endsWith('by ___?'))) {
      for (const m of e.markets) {
        const date = /by ([A-Z][a-z]+ [0-9]{1,2}, [0-9]{4})\?$/.exec(m.question)?.[1];
        if (!date) bad.push(`no date in ${m.question}`);
        // The deadline is a time on that day: the day before today is surely past.
        else if (Date.parse(`${date} 23:59:59 UTC`) < now.getTime()) {
          past++;
          if (m.outcomePrices !== '["0","1"]') bad.push(`${m.question}: ${m.outcomePrices}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(past).toBeGreaterThan(10);
  });

  it('plays a game on the day its event ends, not on the day its market opened', () => {
    const games = catalog.filter((e) => e.markets.some((m) => / win on [A-Z]/.test(m.question)));
    expect(games.length).toBeGreaterThan(10);
    for (const e of games) {
      const end = new Date(e.endDate);
      const day = `${end.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${end.getUTCDate()}, ${end.getUTCFullYear()}`;
      for (const m of e.markets.filter((m) => / win on /.test(m.question)))
        expect(m.question, e.title).toContain(`win on ${day}?`);
      expect(e.description, e.title).toContain(`scheduled for ${day}`);
    }
  });

  it("fills a women's singles field with women's first names and a men's with men's", () => {
    const fields = catalog.filter((e) => e.title.endsWith(' singles winner'));
    const firstNames = (e: (typeof catalog)[number]) =>
      e.markets.map((m) => /^Will (\S+) /.exec(m.question)?.[1]);
    const women = fields.filter((e) => e.title.includes("women's"));
    const men = fields.filter((e) => e.title.includes("men's") && !e.title.includes("women's"));
    expect(women.length).toBeGreaterThan(0);
    expect(men.length).toBeGreaterThan(0);
    for (const e of women) for (const name of firstNames(e)) expect(WOMEN_FIRST_NAMES).toContain(name);
    for (const e of men) for (const name of firstNames(e)) expect(MEN_FIRST_NAMES).toContain(name);
  });

  it('covers many topics with question-style titles', () => {
    const categories = new Set(catalog.map((e) => e.image.replace(/^\/img\/([a-z]+)-[0-9]\.jpg$/, '$1')));
    expect(categories.size).toBeGreaterThanOrEqual(9);
    expect(catalog.filter((e) => e.title.endsWith('?')).length / catalog.length).toBeGreaterThan(0.5);
    expect(new Set(catalog.map((e) => e.title)).size).toBeGreaterThan(1500);
  });

  it('references only local images that exist, < 150 kB in all (the JPEGs served and their SVG sources)', () => {
    const images = new Set(catalog.map((e) => e.image));
    for (const image of images) {
      expect(image).toMatch(/^\/img\/[a-z0-9-]+\.jpg$/);
      expect(existsSync(join(publicDir, image))).toBe(true);
    }
    const dir = join(publicDir, 'img');
    const total = readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
    expect(total).toBeLessThan(150_000);
  });

  it('refuses sizes outside 0…200,000', () => {
    expect(() => generateCatalog({ events: 200_001 })).toThrow(RangeError);
    expect(() => generateCatalog({ events: -1 })).toThrow(RangeError);
    expect(generateCatalog({ events: 0 })).toEqual([]);
  });

  it('formats prices as short decimal strings', () => {
    expect([0, 10_000, 6150, 35, 5000, 1].map(formatPrice)).toEqual([
      '0',
      '1',
      '0.615',
      '0.0035',
      '0.5',
      '0.0001',
    ]);
  });
});
