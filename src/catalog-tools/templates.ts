import type { Random } from './random';
import {
  AI_LEADERBOARDS,
  ARTIST_NAMES,
  BILLS,
  CENTRAL_BANKS,
  type Category,
  COINS,
  COUNTRIES,
  CRYPTO_FIRMS,
  ECONOMIES,
  EPL_CLUBS,
  EUROPEAN_CLUBS,
  F1_TEAMS,
  FIRST_NAMES,
  GRANDS_PRIX,
  LAST_NAMES,
  MEN_FIRST_NAMES,
  NBA_AWARDS,
  MISSIONS,
  MONTHS,
  MOVIE_WORDS_A,
  MOVIE_WORDS_B,
  NBA_TEAMS,
  NFL_AWARDS,
  NFL_TEAMS,
  MEMBERS,
  ORGANISATIONS,
  PARTIES,
  PRODUCTS,
  SPACE_AGENCIES,
  STARTUP_PREFIXES,
  STARTUP_SUFFIXES,
  SUMMITS,
  type SeriesKey,
  TECH_COMPANIES,
  type TagKey,
  TENNIS_TOURNAMENTS,
  US_STATES,
  WOMEN_FIRST_NAMES,
} from './vocabulary';

/**
 * How an event's markets relate, which decides how their prices are drawn:
 * - binary: one Yes/No market;
 * - ladder: independent Yes/No markets whose Yes price rises (`up`) or falls (`down`) along the list
 *   ("by March?", "by June?"… or "above 90k?", "above 100k?"…);
 * - exclusive: Yes/No markets of which exactly one resolves Yes, so Yes prices sum to ~1 (neg-risk).
 *   A question with several answers (three-way with a draw, a party, a rate decision) is always this,
 *   as in real catalogs: one two-outcome market per answer, each tradable on its own book;
 * - multi: markets with two named outcomes (two teams, Up/Down, Over/Under), prices sum to 1. Never
 *   more than two: the order book and the reference SDK trade and read two-outcome markets only.
 */
export type MarketPlan =
  | { kind: 'binary'; question: string }
  | {
      kind: 'ladder';
      direction: 'up' | 'down';
      questions: string[];
      /** For "by <date>?" ladders: each market's deadline (ms); rungs already past resolve No. */
      deadlines?: number[];
    }
  | {
      kind: 'exclusive';
      questions: string[];
      /** Each answer's short name (groupItemTitle) when the questions' wording does not give it. */
      titles?: string[];
    }
  | { kind: 'multi'; markets: { question: string; outcomes: readonly [string, string] }[] }
  | {
      kind: 'game';
      /**
       * The favourite's winning margin and the combined score, each a normal law (points): every market
       * is priced and resolved from the same two draws, so a moneyline, its spreads and its totals agree.
       */
      margin: { mean: number; sd: number };
      total: { mean: number; sd: number };
      /** Each market's first outcome wins when its measure is above its line (`below`: under it). */
      markets: {
        question: string;
        outcomes: readonly [string, string];
        measure: 'margin' | 'total';
        line: number;
        below?: true;
      }[];
    };

export interface Draft {
  category: Category;
  title: string;
  /** When the event ends, if not at the drawn end: a question about a period ends with it (`periodEnd`). */
  end?: Date;
  description: string;
  tags: TagKey[];
  series?: SeriesKey;
  plan: MarketPlan;
}

export interface TemplateContext {
  rng: Random;
  start: Date;
  end: Date;
  /** The latest a closed event may end (before now): a period it names must be over by then. */
  latestEnd?: Date;
}

type Template = (ctx: TemplateContext) => Draft;

// ---------- wording helpers ----------

export const longDate = (d: Date): string =>
  `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
const shortDate = (d: Date): string => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
const monthYear = (d: Date): string => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const year = (d: Date): number => d.getUTCFullYear();
/** The month before a report's date, which it is about, with its year ("December 2026" in January 2027). */
const monthBefore = (d: Date): string => monthYear(new Date(Date.UTC(year(d), d.getUTCMonth() - 1, 1)));
const daysBefore = (d: Date, days: number): Date => new Date(d.getTime() - days * 86_400_000);

// ---------- periods ----------

/** A period's last hour: 23:00 UTC on its last day, which reads as that day in the Americas and Europe. */
const lastHourOf = (y: number, month: number, day: number): Date => new Date(Date.UTC(y, month, day, 23));

/**
 * When an event about a period ends: the first of the periods (`endOf(k)`, k counting up from `from`) to
 * end at or after the drawn end, so the title's month or year and the end date agree ("in March 2027"
 * ends on March 31). A closed event whose period is not over by its `latestEnd` takes an earlier one.
 */
function periodEnd(ctx: TemplateContext, endOf: (k: number) => Date, from: number): Date {
  let k = from;
  while (endOf(k) < ctx.end) k++;
  while (ctx.latestEnd && endOf(k) > ctx.latestEnd) k--;
  return endOf(k);
}

/** The last day of the drawn end's month (see `periodEnd`). */
const monthEnd = (ctx: TemplateContext): Date =>
  periodEnd(
    ctx,
    (k) => lastHourOf(Math.floor(k / 12), (k % 12) + 1, 0),
    year(ctx.end) * 12 + ctx.end.getUTCMonth(),
  );

/** The next `month`/`day` (month from 0) from the drawn end: a yearly final, ceremony or report (see `periodEnd`). */
const yearly = (ctx: TemplateContext, month: number, day: number): Date =>
  periodEnd(ctx, (k) => lastHourOf(k, month, day), year(ctx.end) - 1);

/** A price as a threshold names it: never rounded onto its neighbour ($20.25 and $20.50 are not both "$20"). */
const usd = (n: number): string =>
  n >= 1000
    ? `$${Math.round(n).toLocaleString('en-US')}`
    : `$${n < 1 ? n.toFixed(3).replace(/0+$/, '') : n.toFixed(n < 10 || !Number.isInteger(n) ? 2 : 0)}`;

/** Round thresholds to "nice" steps around a level: 95,000 → 80k, 85k, 90k… */
function thresholds(rng: Random, level: number, count: number): number[] {
  const magnitude = 10 ** Math.floor(Math.log10(level));
  const step = (rng.pick([0.05, 0.1, 0.25, 0.5]) * magnitude) / (level / magnitude < 3 ? 2 : 1);
  const first = Math.max(step, Math.round((level * rng.float(0.75, 0.95)) / step) * step);
  return Array.from({ length: count }, (_, i) => Number((first + i * step).toPrecision(6)));
}

/**
 * Deadlines from `from` to `to`, roughly evenly spaced, ending exactly at `to`: at most one a day (a short
 * span has fewer), since a question names its deadline by the day.
 */
function deadlines(from: Date, to: Date, count: number): Date[] {
  const span = Math.max(1, to.getTime() - from.getTime());
  const all = Array.from({ length: count }, (_, i) => new Date(from.getTime() + (span * (i + 1)) / count));
  return all.filter((d, i) => i === all.length - 1 || longDate(d) !== longDate(all[i + 1]!));
}

const person = (rng: Random): string => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
const startup = (rng: Random): string => `${rng.pick(STARTUP_PREFIXES)} ${rng.pick(STARTUP_SUFFIXES)}`;
const movie = (rng: Random): string => `${rng.pick(MOVIE_WORDS_A)} ${rng.pick(MOVIE_WORDS_B)}`;

/** Several distinct names, e.g. players in a tournament. */
function people(rng: Random, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(person(rng));
  return [...names];
}

/** The same invented names with first names of one gender (the lists pair up by position). */
function gendered(names: string[], firstNames: readonly string[]): string[] {
  return names.map((name) => {
    const [first, ...rest] = name.split(' ');
    return [firstNames[FIRST_NAMES.indexOf(first as (typeof FIRST_NAMES)[number])], ...rest].join(' ');
  });
}

function paragraphs(...parts: (string | false | undefined)[]): string {
  return parts.filter(Boolean).join('\n\n');
}

const yesNo = (condition: string, deadline: string): string =>
  `This market will resolve to "Yes" if ${condition} by ${deadline}, 11:59 PM ET. Otherwise, this market will resolve to "No".`;

const source = (what: string): string =>
  `The primary resolution source for this market will be ${what}; however, a consensus of credible reporting may also be used.`;

/** The lowest and highest brackets take in everything beyond them. */
const edgeOf = (i: number, brackets: readonly unknown[]): string =>
  i === 0 ? ' or lower' : i === brackets.length - 1 ? ' or higher' : '';

const GROUP_NOTE =
  'This is a market group: each market above resolves independently according to its own question and deadline.';

/**
 * An NBA or NFL game, as real catalogs list one: the moneyline, then three lines of the spread and
 * three of the total, each a market of two named outcomes, all from one model of the game (`game` plan).
 */
function game(
  rng: Random,
  g: { league: 'NBA' | 'NFL'; home: string; away: string; end: Date; spread: number; total: number },
): Draft {
  const { league, home, away } = g;
  const favourite = rng.pick([home, away]);
  const underdog = favourite === home ? away : home;
  const title = league === 'NBA' ? `${away} vs. ${home}` : `NFL: ${away} vs. ${home}`;
  const spreads = [g.spread - 3, g.spread, g.spread + 3].filter((line) => line > 0);
  const totals = [g.total - (league === 'NBA' ? 6 : 4), g.total, g.total + (league === 'NBA' ? 6 : 4)];
  return {
    category: 'sports',
    title,
    description: paragraphs(
      `This market group covers the ${league} game between the ${away} and the ${home} scheduled for ${longDate(g.end)}.`,
      `The moneyline resolves to the team that wins the game, including overtime${league === 'NFL' ? ' (a tie resolves 50-50)' : ''}. Each spread resolves to the ${favourite} if they win by more than its line, otherwise to the ${underdog}. Each total resolves to "Over" if the combined final score is greater than its line, otherwise to "Under".`,
      'If the game is postponed beyond 7 days after its scheduled date or cancelled, every market resolves 50-50.',
      source(league === 'NBA' ? 'the official NBA box score' : 'the official NFL game book'),
    ),
    tags: [league === 'NBA' ? 'nba' : 'nfl'],
    series: league === 'NBA' ? 'nba' : 'nfl',
    plan: {
      kind: 'game',
      // The line the books set is about the expected margin; a game's spread is ~12–14 points either way.
      margin: { mean: Math.max(0.5, g.spread + rng.float(-2, 2)), sd: league === 'NBA' ? 12 : 13.5 },
      total: { mean: g.total + rng.float(-3, 3), sd: league === 'NBA' ? 18 : 10 },
      markets: [
        // The moneyline reads away vs. home; its first outcome wins when the favourite's margin is
        // above 0 (the favourite is away) or below it (the favourite is home).
        {
          question: `${away} vs. ${home}`,
          outcomes: [away, home],
          measure: 'margin',
          line: 0,
          ...(favourite === home ? { below: true as const } : {}),
        },
        ...spreads.map((line) => ({
          question: `Spread: ${favourite} (-${line})`,
          outcomes: [favourite, underdog] as const,
          measure: 'margin' as const,
          line,
        })),
        ...totals.map((line) => ({
          question: `${away} vs. ${home}: O/U ${line}`,
          outcomes: ['Over', 'Under'] as const,
          measure: 'total' as const,
          line,
        })),
      ],
    },
  };
}

// ---------- templates, by category ----------

const politics: Template[] = [
  ({ rng, end }) => {
    const country = rng.pick(COUNTRIES);
    const parties = rng.sample(PARTIES, rng.int(4, 8));
    const y = year(end);
    return {
      category: 'politics',
      title: `${country} parliamentary election ${y}: which party wins the most seats?`,
      description: paragraphs(
        `This market group predicts which party will win the most seats in the next parliamentary election in ${country}, expected to be held no later than ${longDate(end)}.`,
        'Each market resolves to "Yes" if the named party wins the greatest number of seats according to the official results, and "No" otherwise. If two or more parties tie for the most seats, the party with the greater national vote share is considered the winner.',
        `If no election is held by ${longDate(end)}, every market in this group resolves to "No".`,
        source(`the official results published by the electoral authority of ${country}`),
      ),
      tags: ['elections'],
      series: 'elections',
      plan: {
        kind: 'exclusive',
        // "the 2028 Netherlands election", not "the 2028 the Netherlands election".
        questions: parties.map(
          (p) => `Will ${p} win the most seats in the ${y} ${country.replace(/^the /, '')} election?`,
        ),
      },
    };
  },
  ({ rng, start, end }) => {
    const bill = rng.pick(BILLS);
    return {
      category: 'politics',
      title: `Will Congress pass ${bill} by ${longDate(end)}?`,
      description: paragraphs(
        yesNo(`both chambers of the US Congress pass ${bill}`, longDate(end)),
        'Passage by only one chamber is not sufficient. The bill does not need to be signed into law for this market to resolve "Yes"; a veto after passage does not change the outcome.',
        `The market opened on ${longDate(start)}. Amendments that keep the bill's core provisions count; a replacement bill with a different scope does not.`,
        source('congress.gov'),
      ),
      tags: ['usPolitics'],
      plan: { kind: 'binary', question: `Will Congress pass ${bill} by ${longDate(end)}?` },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const state = rng.pick(US_STATES);
    // Elections fall on the Tuesday after November's first Monday: decided by the 8th.
    const end = yearly(ctx, 10, 8);
    return {
      category: 'politics',
      title: `${state} governor race ${year(end)}: which party wins?`,
      end,
      description: paragraphs(
        `This market group predicts which party's candidate wins the ${year(end)} gubernatorial election in ${state}, as certified by the state. Each market resolves to "Yes" if its party's candidate wins, and "No" otherwise.`,
        'A candidate running without a party affiliation, or for any party other than the two largest, counts as "Other".',
        source(`the certified results of the ${state} Secretary of State`),
      ),
      tags: ['usPolitics', 'elections'],
      plan: {
        kind: 'exclusive',
        questions: [
          `Will the Democratic candidate win the ${year(end)} ${state} governor race?`,
          `Will the Republican candidate win the ${year(end)} ${state} governor race?`,
          `Will a candidate of another party win the ${year(end)} ${state} governor race?`,
        ],
        titles: ['Democratic', 'Republican', 'Other'],
      },
    };
  },
  ({ rng, start, end }) => {
    const country = rng.pick(COUNTRIES);
    const dates = deadlines(start, end, rng.int(3, 6));
    return {
      category: 'politics',
      title: `${country} snap election called by ___?`,
      description: paragraphs(
        `This market group predicts when a snap (early) national election will be formally called in ${country}.`,
        'Each market resolves to "Yes" if, by its deadline, the head of state or government formally calls a national legislative election earlier than the regular schedule. Announcements of intent without a formal decree or dissolution do not count.',
        GROUP_NOTE,
        source('official government publications'),
      ),
      tags: ['elections'],
      plan: {
        kind: 'ladder',
        deadlines: dates.map((d) => d.getTime()),
        direction: 'up',
        questions: dates.map((d) => `${country} snap election called by ${longDate(d)}?`),
      },
    };
  },
  ({ end }) => {
    const day = end;
    return {
      category: 'politics',
      title: `US government shutdown by ${longDate(day)}?`,
      description: paragraphs(
        yesNo('the US federal government enters a lapse in appropriations causing a shutdown', longDate(day)),
        'A shutdown is considered to have begun when the Office of Personnel Management announces a shutdown furlough for non-excepted federal employees.',
        source('the US Office of Personnel Management'),
      ),
      tags: ['usPolitics'],
      plan: { kind: 'binary', question: `US government shutdown by ${longDate(day)}?` },
    };
  },
];

const world: Template[] = [
  ({ rng, start, end }) => {
    // A member of the European Union signs no trade agreement of its own: the Union does.
    const [a, b] = rng.sample(
      COUNTRIES.filter((c) => !MEMBERS['the European Union'].includes(c)),
      2,
    ) as [string, string];
    const dates = deadlines(start, end, rng.int(3, 5));
    return {
      category: 'world',
      title: `${a} and ${b} trade agreement signed by ___?`,
      description: paragraphs(
        `This market group predicts when ${a} and ${b} will sign a bilateral trade agreement.`,
        'Each market resolves to "Yes" if official representatives of both governments sign a trade agreement by its deadline. A memorandum of understanding or a framework declaration does not count; ratification is not required.',
        GROUP_NOTE,
        source('official statements of either government'),
      ),
      tags: ['geopolitics'],
      plan: {
        kind: 'ladder',
        deadlines: dates.map((d) => d.getTime()),
        direction: 'up',
        questions: dates.map((d) => `${a}–${b} trade agreement signed by ${longDate(d)}?`),
      },
    };
  },
  ({ rng, end }) => {
    const org = rng.pick(ORGANISATIONS);
    const country = rng.pick(COUNTRIES.filter((c) => !MEMBERS[org].includes(c)));
    return {
      category: 'world',
      title: `Will ${country} formally apply to join ${org} by ${longDate(end)}?`,
      description: paragraphs(
        yesNo(`${country} submits a formal application for membership of ${org}`, longDate(end)),
        `A statement of interest, a referendum announcement or observer status does not count. If ${country} is already a member when this market opens, it resolves to "No".`,
        source(`official communications of ${org} and the government of ${country}`),
      ),
      tags: ['geopolitics'],
      plan: {
        kind: 'binary',
        question: `Will ${country} formally apply to join ${org} by ${longDate(end)}?`,
      },
    };
  },
  ({ rng, end }) => {
    const summit = rng.pick(SUMMITS);
    const hosts = rng.sample(COUNTRIES, rng.int(4, 7));
    const y = year(end) + rng.int(2, 4);
    return {
      category: 'world',
      title: `Who will host the ${y} ${summit}?`,
      description: paragraphs(
        `This market group predicts which country will be chosen to host the ${y} ${summit}.`,
        `Each market resolves to "Yes" if the named country is officially confirmed as host by ${longDate(end)}. If no host is confirmed by then, or a country not listed is chosen, every market resolves to "No".`,
        source('the official announcement of the organising body'),
      ),
      tags: ['geopolitics'],
      plan: { kind: 'exclusive', questions: hosts.map((c) => `Will ${c} host the ${y} ${summit}?`) },
    };
  },
];

const sports: Template[] = [
  (ctx) => {
    const { rng } = ctx;
    const league = rng.pick(['NBA', 'NFL'] as const);
    const award = rng.pick(league === 'NBA' ? NBA_AWARDS : NFL_AWARDS);
    const players = gendered(people(rng, rng.int(6, 10)), MEN_FIRST_NAMES);
    // Announced in late May (NBA) and on the eve of the Super Bowl (NFL).
    const end = league === 'NBA' ? yearly(ctx, 4, 25) : yearly(ctx, 1, 8);
    const y = year(end);
    return {
      category: 'sports',
      title: `${league} ${award} ${y}`,
      end,
      description: paragraphs(
        `This market group predicts who will be named ${league} ${award} for the season that ends in ${y}.`,
        'Each market resolves to "Yes" if the named player receives the award when it is announced, and "No" otherwise. Players not listed are not covered; if none of them wins, every market resolves to "No".',
        source(league === 'NBA' ? 'nba.com' : 'nfl.com'),
      ),
      tags: [league === 'NBA' ? 'nba' : 'nfl'],
      series: league === 'NBA' ? 'nba' : 'nfl',
      plan: { kind: 'exclusive', questions: players.map((p) => `Will ${p} win ${league} ${award} ${y}?`) },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const european = rng.chance(0.5);
    const competition = european ? 'Champions League' : 'Premier League';
    const clubs = rng.sample(european ? EUROPEAN_CLUBS : EPL_CLUBS, rng.int(6, 10));
    // The final is at the end of May; the league's last round a week before.
    const end = european ? yearly(ctx, 4, 31) : yearly(ctx, 4, 24);
    const y = year(end);
    return {
      category: 'sports',
      title: `${competition} winner ${y}`,
      end,
      description: paragraphs(
        `This market group predicts which club will win the ${competition} season that ends in ${y}.`,
        `Each market resolves to "Yes" if the named club is the ${competition} champion, and "No" otherwise.`,
        source(european ? 'uefa.com' : 'premierleague.com'),
      ),
      tags: ['soccer'],
      series: european ? 'championsLeague' : 'premierLeague',
      plan: { kind: 'exclusive', questions: clubs.map((c) => `Will ${c} win the ${y} ${competition}?`) },
    };
  },
  ({ rng, end }) => {
    const [home, away] = rng.sample(NBA_TEAMS, 2) as [string, string];
    return game(rng, {
      league: 'NBA',
      home,
      away,
      end,
      spread: rng.int(1, 12) + 0.5,
      total: rng.int(205, 240) + 0.5,
    });
  },
  (ctx) => {
    const { rng } = ctx;
    const teams = rng.sample(NBA_TEAMS, rng.int(8, 14));
    const end = yearly(ctx, 5, 20);
    return {
      category: 'sports',
      title: `NBA Champion ${year(end)}`,
      end,
      description: paragraphs(
        `This market group predicts the winner of the ${year(end)} NBA Finals.`,
        'Each market resolves to "Yes" if the named team wins the NBA Finals, and "No" otherwise. Teams not listed are not covered; if none of the listed teams wins, every market resolves to "No".',
        source('nba.com'),
      ),
      tags: ['nba'],
      series: 'nba',
      plan: {
        kind: 'exclusive',
        questions: teams.map((t) => `Will the ${t} win the ${year(end)} NBA Finals?`),
      },
    };
  },
  ({ rng, end }) => {
    const [home, away] = rng.sample(NFL_TEAMS, 2) as [string, string];
    return game(rng, {
      league: 'NFL',
      home,
      away,
      end,
      spread: rng.int(1, 10) + 0.5,
      total: rng.int(37, 52) + 0.5,
    });
  },
  (ctx) => {
    const { rng } = ctx;
    const teams = rng.sample(NFL_TEAMS, rng.int(8, 14));
    const end = yearly(ctx, 1, 10);
    const y = year(end);
    return {
      category: 'sports',
      title: `Super Bowl Champion ${y}`,
      end,
      description: paragraphs(
        `This market group predicts the winner of the Super Bowl played in ${y}.`,
        'Each market resolves to "Yes" if the named team wins the Super Bowl, and "No" otherwise.',
        source('nfl.com'),
      ),
      tags: ['nfl'],
      series: 'nfl',
      plan: { kind: 'exclusive', questions: teams.map((t) => `Will the ${t} win Super Bowl ${y}?`) },
    };
  },
  ({ rng, end }) => {
    const european = rng.chance(0.4);
    const [home, away] = rng.sample(european ? EUROPEAN_CLUBS : EPL_CLUBS, 2) as [string, string];
    return {
      category: 'sports',
      title: `${home} vs. ${away}`,
      description: paragraphs(
        `This market group predicts the result after 90 minutes plus stoppage time of the ${european ? 'Champions League' : 'Premier League'} match between ${home} and ${away} scheduled for ${longDate(end)}: a win of either team, or a draw. Each market resolves to "Yes" if its result happens, and "No" otherwise.`,
        'Extra time and penalty shoot-outs do not count. If the match is abandoned and not completed within 48 hours, the team markets resolve 50-50 and the draw market resolves to "No".',
        source(european ? 'uefa.com' : 'premierleague.com'),
      ),
      tags: ['soccer'],
      series: european ? 'championsLeague' : 'premierLeague',
      plan: {
        kind: 'exclusive',
        questions: [
          `Will ${home} win on ${longDate(end)}?`,
          `Will ${home} vs. ${away} end in a draw?`,
          `Will ${away} win on ${longDate(end)}?`,
        ],
        titles: [home, `Draw (${home} vs. ${away})`, away],
      },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const { name: tournament, month, day } = rng.pick(TENNIS_TOURNAMENTS);
    const end = yearly(ctx, month, day);
    const drawn = people(rng, rng.int(6, 10));
    const gender = rng.pick(["men's", "women's"]);
    const players = gendered(drawn, gender === "women's" ? WOMEN_FIRST_NAMES : MEN_FIRST_NAMES);
    return {
      category: 'sports',
      title: `${tournament} ${year(end)}: ${gender} singles winner`,
      end,
      description: paragraphs(
        `This market group predicts the winner of the ${gender} singles at the ${year(end)} ${tournament}.`,
        'Each market resolves to "Yes" if the named player wins the title, and "No" otherwise, including if the player withdraws or does not take part.',
        source('the official tournament website'),
      ),
      tags: ['tennis'],
      series: 'grandSlams',
      plan: {
        kind: 'exclusive',
        questions: players.map((p) => `Will ${p} win the ${year(end)} ${tournament}?`),
      },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const { name: gp, month, day } = rng.pick(GRANDS_PRIX);
    const end = yearly(ctx, month, day);
    const teams = rng.sample(F1_TEAMS, rng.int(5, 10));
    return {
      category: 'sports',
      title: `${gp} Grand Prix ${year(end)}: winning constructor`,
      end,
      description: paragraphs(
        `This market group predicts which constructor's driver will win the ${year(end)} ${gp} Grand Prix.`,
        'Each market resolves to "Yes" if a driver of the named team is classified first in the official race results (sprint races do not count), and "No" otherwise. Post-race penalties applied before the results are published are taken into account.',
        source('formula1.com'),
      ),
      tags: ['f1'],
      series: 'f1',
      plan: {
        kind: 'exclusive',
        questions: teams.map((t) => `Will ${t} win the ${year(end)} ${gp} Grand Prix?`),
      },
    };
  },
];

const crypto: Template[] = [
  ({ rng, end }) => {
    const coin = rng.pick(COINS.slice(0, 3));
    const levels = thresholds(rng, coin.price, rng.int(5, 10));
    return {
      category: 'crypto',
      title: `${coin.name} above ___ on ${shortDate(end)}?`,
      description: paragraphs(
        `This market group predicts the price of ${coin.name} (${coin.symbol}) on ${longDate(end)} at 12:00 PM ET.`,
        `Each market resolves to "Yes" if the ${coin.symbol}/USDT 1-minute candle for 12:00 PM ET on ${longDate(end)} closes above the market's price, and "No" otherwise.`,
        'Prices on other exchanges or trading pairs are not considered. The close price is read with the precision shown on the exchange.',
        source(`the ${coin.symbol}/USDT chart on a major centralised exchange`),
      ),
      tags: [coin.symbol === 'BTC' ? 'bitcoin' : coin.symbol === 'ETH' ? 'ethereum' : 'altcoins'],
      ...(coin.symbol === 'BTC'
        ? { series: 'btcDaily' as const }
        : coin.symbol === 'ETH'
          ? { series: 'ethDaily' as const }
          : {}),
      plan: {
        kind: 'ladder',
        direction: 'down',
        questions: levels.map((l) => `Will ${coin.name} be above ${usd(l)} on ${longDate(end)}?`),
      },
    };
  },
  ({ rng, end }) => {
    const coin = rng.pick(COINS);
    return {
      category: 'crypto',
      title: `${coin.name} Up or Down on ${shortDate(end)}?`,
      description: paragraphs(
        `This market resolves to "Up" if the ${coin.symbol}/USDT close price at 12:00 PM ET on ${longDate(end)} is greater than or equal to the close price 24 hours earlier, and to "Down" otherwise.`,
        source(`the ${coin.symbol}/USDT 1-hour candles on a major centralised exchange`),
      ),
      tags: [coin.symbol === 'BTC' ? 'bitcoin' : coin.symbol === 'ETH' ? 'ethereum' : 'altcoins'],
      series: 'cryptoUpDown',
      plan: {
        kind: 'multi',
        markets: [{ question: `${coin.name} Up or Down on ${longDate(end)}?`, outcomes: ['Up', 'Down'] }],
      },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const coin = rng.pick(COINS);
    const levels = thresholds(rng, coin.price * rng.float(1.05, 1.3), rng.int(3, 7));
    const end = monthEnd(ctx);
    return {
      category: 'crypto',
      title: `What price will ${coin.name} hit in ${monthYear(end)}?`,
      end,
      description: paragraphs(
        `This market group predicts the highest price ${coin.name} (${coin.symbol}) will reach during ${monthYear(end)}.`,
        `Each market resolves to "Yes" if any 1-minute candle of ${coin.symbol}/USDT has a high at or above the market's price between the first and the last day of ${monthYear(end)} (ET), and "No" otherwise.`,
        source(`the ${coin.symbol}/USDT chart on a major centralised exchange`),
      ),
      tags: [coin.symbol === 'BTC' ? 'bitcoin' : coin.symbol === 'ETH' ? 'ethereum' : 'altcoins'],
      plan: {
        kind: 'ladder',
        direction: 'down',
        questions: levels.map((l) => `Will ${coin.name} reach ${usd(l)} in ${monthYear(end)}?`),
      },
    };
  },
  ({ rng, start, end }) => {
    const firm = rng.pick(CRYPTO_FIRMS);
    const dates = deadlines(start, end, rng.int(3, 5));
    return {
      category: 'crypto',
      title: `${firm} IPO by ___?`,
      description: paragraphs(
        `This market group predicts when ${firm} will hold its initial public offering.`,
        `Each market resolves to "Yes" if ${firm}'s shares begin trading on a major stock exchange by its deadline, and "No" otherwise. A direct listing counts; a confidential filing, a public S-1 or an announced date alone does not.`,
        GROUP_NOTE,
        source(`${firm}'s official announcements and exchange listings`),
      ),
      tags: ['ipos'],
      plan: {
        kind: 'ladder',
        deadlines: dates.map((d) => d.getTime()),
        direction: 'up',
        questions: dates.map((d) => `${firm} IPO by ${longDate(d)}?`),
      },
    };
  },
  ({ rng, end }) => {
    const coin = rng.pick(COINS.slice(2));
    return {
      category: 'crypto',
      title: `Spot ${coin.name} ETF approved by ${longDate(end)}?`,
      description: paragraphs(
        yesNo(
          `the US SEC approves at least one spot ${coin.name} (${coin.symbol}) exchange-traded fund`,
          longDate(end),
        ),
        'Approval means the SEC approves the 19b-4 filing of a national securities exchange to list the fund. Trading does not need to have begun.',
        source('sec.gov'),
      ),
      tags: ['altcoins'],
      plan: { kind: 'binary', question: `Spot ${coin.name} ETF approved by ${longDate(end)}?` },
    };
  },
];

const economics: Template[] = [
  ({ end }) => {
    const month = MONTHS[end.getUTCMonth()];
    const brackets = [
      ['decrease interest rates by 50+ bps', 'a cut of 50 basis points or more'],
      ['decrease interest rates by 25 bps', 'a cut of 25 basis points'],
      ['make no change to interest rates', 'no change'],
      ['increase interest rates by 25 bps', 'a hike of 25 basis points'],
      ['increase interest rates by 50+ bps', 'a hike of 50 basis points or more'],
    ] as const;
    return {
      category: 'economics',
      title: `Fed decision in ${month}?`,
      description: paragraphs(
        `This market group predicts the change in the upper bound of the target federal funds rate announced after the Federal Reserve's ${month} ${year(end)} FOMC meeting, scheduled to end on ${longDate(end)}.`,
        `Each market resolves to "Yes" if the announced change matches its bracket (${brackets.map(([, b]) => b).join('; ')}), and "No" otherwise. Changes are measured against the level before the meeting.`,
        'If no statement is released by the end of the week after the scheduled meeting, the market group resolves to "No change".',
        source('the FOMC statement on federalreserve.gov'),
      ),
      tags: ['fed'],
      series: 'fomc',
      plan: {
        kind: 'exclusive',
        questions: brackets.map(([q]) => `Will the Fed ${q} after the ${month} ${year(end)} meeting?`),
      },
    };
  },
  ({ rng, end }) => {
    const economy = rng.pick(ECONOMIES);
    const base = Math.max(0, economy.inflationLevel + rng.int(-6, 4) / 10);
    const brackets = Array.from({ length: rng.int(5, 8) }, (_, i) => (base + i / 10).toFixed(1));
    const month = monthBefore(end);
    return {
      category: 'economics',
      title: `${month} inflation ${economy.short} – annual?`,
      description: paragraphs(
        `This market group predicts the year-over-year change of ${economy.prices} for ${month}, due to be published around ${longDate(end)}.`,
        'Each market resolves to "Yes" if the published figure, rounded to one decimal place, equals its bracket. The lowest and highest brackets include everything below and above them.',
        'Revisions after the first publication are not taken into account.',
        source(economy.statistics),
      ),
      tags: ['inflation'],
      ...(economy.short === 'US' ? { series: 'cpi' as const } : {}),
      plan: {
        kind: 'exclusive',
        questions: brackets.map(
          (b, i) => `Will annual ${economy.short} inflation be ${b}%${edgeOf(i, brackets)} in ${month}?`,
        ),
      },
    };
  },
  ({ rng, end }) => {
    const economy = rng.pick(ECONOMIES);
    const base = economy.unemploymentLevel + rng.int(-4, 2) / 10;
    const brackets = Array.from({ length: rng.int(4, 6) }, (_, i) => (base + i / 10).toFixed(1));
    const month = monthBefore(end);
    return {
      category: 'economics',
      title: `${economy.short} unemployment rate in ${month}?`,
      description: paragraphs(
        `This market group predicts ${economy.unemployment} for ${month}, as first published around ${longDate(end)}.`,
        'Each market resolves to "Yes" if the published rate equals its bracket. The lowest and highest brackets include everything below and above them.',
        source(economy.statistics),
      ),
      tags: ['jobs'],
      ...(economy.short === 'US' ? { series: 'jobs' as const } : {}),
      plan: {
        kind: 'exclusive',
        questions: brackets.map(
          (b, i) => `Will the ${economy.short} unemployment rate be ${b}%${edgeOf(i, brackets)} in ${month}?`,
        ),
      },
    };
  },
  ({ rng, end }) => {
    const month = MONTHS[end.getUTCMonth()];
    const bank = rng.pick(CENTRAL_BANKS);
    return {
      category: 'economics',
      title: `${bank.short} rate decision in ${month}?`,
      description: paragraphs(
        `This market group predicts the change of ${bank.rate} announced at the ${bank.name}'s ${month} ${year(end)} monetary policy meeting. Each market resolves to "Yes" if the decision is its answer, and "No" otherwise.`,
        '"Cut" covers any decrease, "Hike" any increase, and "Hold" an unchanged rate.',
        source(bank.site),
      ),
      tags: ['inflation'],
      ...(bank.short === 'ECB' ? { series: 'ecb' as const } : {}),
      plan: {
        kind: 'exclusive',
        questions: [
          `Will the ${bank.short} cut rates in ${month} ${year(end)}?`,
          `Will the ${bank.short} hold rates in ${month} ${year(end)}?`,
          `Will the ${bank.short} hike rates in ${month} ${year(end)}?`,
        ],
        titles: ['Cut', 'Hold', 'Hike'],
      },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const economy = rng.pick(ECONOMIES);
    // The year's last quarter is first reported at the end of January.
    const end = yearly(ctx, 0, 31);
    const y = year(end) - 1;
    return {
      category: 'economics',
      title: `${economy.short} recession in ${y}?`,
      end,
      description: paragraphs(
        `This market will resolve to "Yes" if the ${economy.name} economy is in a recession in ${y}: two consecutive quarters of negative real GDP growth as first reported by ${economy.statistics}, by ${longDate(end)}.`,
        'Otherwise, this market will resolve to "No".',
        source(economy.statistics),
      ),
      tags: ['jobs'],
      plan: { kind: 'binary', question: `${economy.short} recession in ${y}?` },
    };
  },
];

const business: Template[] = [
  ({ rng, start, end }) => {
    const company = startup(rng);
    const dates = deadlines(start, end, rng.int(3, 5));
    return {
      category: 'business',
      title: `${company} IPO by ___?`,
      description: paragraphs(
        `This market group predicts when ${company} will go public.`,
        `Each market resolves to "Yes" if ${company}'s shares begin trading on a major stock exchange by its deadline. Mergers with a special-purpose acquisition company count once the combined company's shares trade.`,
        GROUP_NOTE,
        source(`${company}'s announcements and exchange listings`),
      ),
      tags: ['ipos', 'stocks'],
      plan: {
        kind: 'ladder',
        deadlines: dates.map((d) => d.getTime()),
        direction: 'up',
        questions: dates.map((d) => `${company} IPO by ${longDate(d)}?`),
      },
    };
  },
  ({ rng, end }) => {
    const company = rng.pick(TECH_COMPANIES.slice(0, 6));
    const levels = [1, 2, 3, 4, 5, 6].slice(rng.int(0, 2), rng.int(4, 6));
    return {
      category: 'business',
      title: `${company} market cap above ___ on ${longDate(end)}?`,
      description: paragraphs(
        `This market group predicts ${company}'s market capitalisation at the close of trading on ${longDate(end)}.`,
        'Each market resolves to "Yes" if the market capitalisation, computed as the closing share price times the shares outstanding reported in the latest filing, is above its threshold.',
        source('the closing price on the primary exchange and the company’s filings'),
      ),
      tags: ['stocks'],
      plan: {
        kind: 'ladder',
        direction: 'down',
        questions: levels.map((t) => `${company} market cap above $${t}T on ${longDate(end)}?`),
      },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const companies = rng.sample(TECH_COMPANIES.slice(0, 8), rng.int(4, 6));
    const end = yearly(ctx, 11, 31);
    return {
      category: 'business',
      title: `Largest company in the world at the end of ${year(end)}?`,
      end,
      description: paragraphs(
        `This market group predicts which company will have the largest market capitalisation at the close of the last trading day of ${year(end)}.`,
        'Each market resolves to "Yes" if the named company is the largest listed company by market capitalisation in US dollars at that time.',
        source('closing prices on the primary exchanges and company filings'),
      ),
      tags: ['stocks'],
      plan: {
        kind: 'exclusive',
        questions: companies.map(
          (c) => `Will ${c} be the largest company in the world at the end of ${year(end)}?`,
        ),
      },
    };
  },
  ({ rng, end }) => {
    const company = rng.pick(TECH_COMPANIES);
    // A quarter's results come out in the next one: the deadline's quarter reports the one before.
    const reported = year(end) * 4 + Math.floor(end.getUTCMonth() / 3) - 1;
    const quarter = (reported % 4) + 1;
    const reportedYear = Math.floor(reported / 4);
    return {
      category: 'business',
      title: `Will ${company} beat earnings estimates in Q${quarter} ${reportedYear}?`,
      description: paragraphs(
        yesNo(
          `${company} reports adjusted earnings per share above the analyst consensus for Q${quarter} ${reportedYear}`,
          longDate(end),
        ),
        'The consensus is the average estimate published on the day before the report. If the company does not report by the deadline, the market resolves to "No".',
        source(`${company}'s earnings release`),
      ),
      tags: ['stocks'],
      series: 'earnings',
      plan: {
        kind: 'binary',
        question: `Will ${company} beat earnings estimates in Q${quarter} ${reportedYear}?`,
      },
    };
  },
];

const tech: Template[] = [
  ({ rng, end }) => {
    const company = rng.pick(TECH_COMPANIES);
    const product = rng.pick(PRODUCTS);
    return {
      category: 'tech',
      title: `Will ${company} announce ${product} by ${longDate(end)}?`,
      description: paragraphs(
        yesNo(`${company} officially announces ${product}`, longDate(end)),
        'An official announcement is a press release, a keynote presentation or a post on an official company channel. Leaks, rumours and reports citing anonymous sources do not count. The product does not need to be available for purchase.',
        source(`${company}'s official channels`),
      ),
      tags: product.includes('AI') ? ['ai'] : [],
      plan: { kind: 'binary', question: `Will ${company} announce ${product} by ${longDate(end)}?` },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const end = monthEnd(ctx);
    const labs = rng.sample(
      ['OpenAI', 'Google', 'Anthropic', 'Meta', 'xAI', 'Mistral', 'DeepSeek'],
      rng.int(4, 7),
    );
    const area = rng.pick(AI_LEADERBOARDS);
    return {
      category: 'tech',
      title: `Which company has the best ${area.name} at the end of ${monthYear(end)}?`,
      end,
      description: paragraphs(
        `This market group predicts which organisation will own the top-ranked model on a public, crowd-sourced ${area.board} leaderboard on ${longDate(end)} at 12:00 PM ET.`,
        'Each market resolves to "Yes" if a model of the named organisation holds the first place by score (ties broken alphabetically by organisation name), and "No" otherwise.',
        'If the leaderboard is unavailable at that time, the next available snapshot is used.',
        source('the leaderboard itself'),
      ),
      tags: ['ai'],
      plan: {
        kind: 'exclusive',
        questions: labs.map((l) => `Will ${l} have the best ${area.name} at the end of ${monthYear(end)}?`),
      },
    };
  },
  ({ rng, start, end }) => {
    const company = rng.pick(['OpenAI', 'Anthropic', 'Google', 'Meta', 'Mistral']);
    const dates = deadlines(start, end, rng.int(3, 6));
    const model = rng.pick(['its next flagship model', 'an open-weights model', 'a video generation model']);
    return {
      category: 'tech',
      title: `${company} releases ${model} by ___?`,
      description: paragraphs(
        `This market group predicts when ${company} will publicly release ${model}.`,
        'Each market resolves to "Yes" if the model is generally available to the public (via an app or an API, not only to testers) by its deadline.',
        GROUP_NOTE,
        source(`${company}'s official announcements`),
      ),
      tags: ['ai'],
      plan: {
        kind: 'ladder',
        deadlines: dates.map((d) => d.getTime()),
        direction: 'up',
        questions: dates.map((d) => `${company} releases ${model} by ${longDate(d)}?`),
      },
    };
  },
];

const science: Template[] = [
  ({ rng, end }) => {
    const agency = rng.pick(SPACE_AGENCIES);
    const mission = rng.pick(MISSIONS);
    return {
      category: 'science',
      title: `Will ${agency} launch ${mission} by ${longDate(end)}?`,
      description: paragraphs(
        yesNo(`${agency} launches ${mission}`, longDate(end)),
        'A launch is counted at lift-off; the mission does not need to succeed. Scrubs and static fires do not count.',
        source(`${agency}'s official channels`),
      ),
      tags: ['space'],
      series: 'launches',
      plan: { kind: 'binary', question: `Will ${agency} launch ${mission} by ${longDate(end)}?` },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const counts = [10, 12, 14, 16, 18, 20, 22].slice(0, rng.int(4, 7));
    const end = monthEnd(ctx);
    return {
      category: 'science',
      title: `How many orbital launches in ${monthYear(end)}?`,
      end,
      description: paragraphs(
        `This market group predicts the number of orbital launch attempts worldwide during ${monthYear(end)} (UTC).`,
        'Each market resolves to "Yes" if the number of orbital launch attempts, successful or not, is greater than its threshold.',
        source('a public orbital launch log'),
      ),
      tags: ['space'],
      series: 'launches',
      plan: {
        kind: 'ladder',
        direction: 'down',
        questions: counts.map((c) => `More than ${c} orbital launches in ${monthYear(end)}?`),
      },
    };
  },
  ({ rng, end }) => {
    const base = rng.int(100, 130) / 100;
    const brackets = Array.from({ length: rng.int(4, 6) }, (_, i) => (base + i * 0.05).toFixed(2));
    const month = monthBefore(end);
    return {
      category: 'science',
      title: `Global temperature anomaly in ${month}?`,
      description: paragraphs(
        `This market group predicts the global land-ocean temperature anomaly for ${month} relative to the 1951–1980 baseline, as first published around ${longDate(end)}.`,
        'Each market resolves to "Yes" if the published anomaly in °C falls into its bracket (lower bound included, upper bound excluded). The lowest and highest brackets are open-ended.',
        source("NASA's GISTEMP dataset"),
      ),
      tags: ['climate'],
      series: 'temperature',
      plan: {
        kind: 'exclusive',
        questions: brackets.map((b) => `Will ${month}'s global temperature anomaly be around ${b}°C?`),
      },
    };
  },
  (ctx) => {
    // The annual report comes out in mid-January.
    const end = yearly(ctx, 0, 15);
    const y = year(end) - 1;
    return {
      category: 'science',
      title: `Will ${y} be the hottest year on record?`,
      end,
      description: paragraphs(
        yesNo(
          `${y} is ranked the warmest calendar year on record in the annual global temperature report published`,
          longDate(end),
        ),
        'Ties with a previous record count as "Yes".',
        source("NASA's annual global temperature report"),
      ),
      tags: ['climate'],
      plan: { kind: 'binary', question: `Will ${y} be the hottest year on record?` },
    };
  },
];

const culture: Template[] = [
  ({ rng, end }) => {
    const title = movie(rng);
    const lows = [20, 30, 40, 50, 60, 75, 90, 110].slice(rng.int(0, 2), rng.int(5, 8));
    return {
      category: 'culture',
      title: `"${title}" opening weekend box office?`,
      description: paragraphs(
        `This market group predicts the domestic (US and Canada) opening weekend gross of "${title}", released on ${longDate(daysBefore(end, 3))}.`,
        'Each market resolves to "Yes" if the three-day Friday-to-Sunday gross falls into its bracket, in millions of US dollars. The highest bracket is open-ended.',
        'Studio estimates published on Sunday are used if actual figures are not published by the following Tuesday.',
        source('a box office tracking service'),
      ),
      tags: ['movies'],
      series: 'boxOffice',
      plan: {
        kind: 'exclusive',
        questions: lows.map((low, i) =>
          i === lows.length - 1
            ? `Will "${title}" gross more than $${low}M on its opening weekend?`
            : `Will "${title}" gross $${low}M–$${lows[i + 1]}M on its opening weekend?`,
        ),
      },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const category = rng.pick(['Best Picture', 'Best Director', 'Best Actor', 'Best Actress'] as const);
    const end = yearly(ctx, 2, 10);
    const count = rng.int(5, 9);
    // A film wins Best Picture; a person wins the others.
    const films = new Set<string>();
    if (category === 'Best Picture') while (films.size < count) films.add(`"${movie(rng)}"`);
    const nominees =
      category === 'Best Picture'
        ? [...films]
        : gendered(people(rng, count), category === 'Best Actress' ? WOMEN_FIRST_NAMES : MEN_FIRST_NAMES);
    return {
      category: 'culture',
      title: `${category} winner ${year(end)}`,
      end,
      description: paragraphs(
        `This market group predicts the winner of ${category} at the ${year(end)} Academy Awards.`,
        `Each market resolves to "Yes" if the named ${category === 'Best Picture' ? 'film' : 'nominee'} wins, and "No" otherwise. If the ceremony is postponed beyond the end of the year, every market resolves to "No".`,
        source('oscars.org'),
      ),
      tags: ['movies', 'awards'],
      series: 'oscars',
      plan: {
        kind: 'exclusive',
        questions: nominees.map((n) => `Will ${n} win ${category} at the ${year(end)} Oscars?`),
      },
    };
  },
  (ctx) => {
    const { rng } = ctx;
    const artists = rng.sample(ARTIST_NAMES, rng.int(4, 7));
    const end = yearly(ctx, 1, 5);
    const award = rng.pick([
      'Album of the Year',
      'Record of the Year',
      'Song of the Year',
      'Best New Artist',
    ] as const);
    return {
      category: 'culture',
      title: `Grammy ${award} ${year(end)}`,
      end,
      description: paragraphs(
        `This market group predicts the winner of ${award} at the ${year(end)} Grammy Awards.`,
        `Each market resolves to "Yes" if ${award === 'Best New Artist' ? 'the named artist' : 'a work by the named artist'} wins, and "No" otherwise.`,
        source('grammy.com'),
      ),
      tags: ['music', 'awards'],
      series: 'grammys',
      plan: {
        kind: 'exclusive',
        questions: artists.map((a) => `Will ${a} win ${award} at the ${year(end)} Grammys?`),
      },
    };
  },
  ({ rng, end }) => {
    const artist = rng.pick(ARTIST_NAMES);
    return {
      category: 'culture',
      title: `Will ${artist} release a new album by ${longDate(end)}?`,
      description: paragraphs(
        yesNo(`${artist} releases a new studio album on major streaming services`, longDate(end)),
        'Singles, EPs with fewer than seven tracks, live albums and re-releases do not count. An announcement without a release does not count.',
        source(`${artist}'s official channels`),
      ),
      tags: ['music'],
      plan: { kind: 'binary', question: `Will ${artist} release a new album by ${longDate(end)}?` },
    };
  },
  ({ rng, end }) => {
    const artists = rng.sample(ARTIST_NAMES, rng.int(3, 5));
    return {
      category: 'culture',
      title: `#1 song on the weekly chart on ${shortDate(end)}?`,
      description: paragraphs(
        `This market group predicts the artist of the song ranked first on the weekly streaming chart published on ${longDate(end)}. Each market resolves to "Yes" if its artist has the top song, and "No" otherwise.`,
        'Collaborations count for the lead artist only. If the top song is by none of the listed artists, the "Other" market resolves to "Yes".',
        source("the chart provider's website"),
      ),
      tags: ['music'],
      series: 'chart',
      plan: {
        kind: 'exclusive',
        questions: [
          ...artists.map((a) => `Will ${a} have the #1 song on the weekly chart on ${longDate(end)}?`),
          `Will another artist have the #1 song on the weekly chart on ${longDate(end)}?`,
        ],
        titles: [...artists, 'Other'],
      },
    };
  },
];

/** Weights: how often each category appears, roughly as on a real prediction-market front page. */
export const TEMPLATES: readonly (readonly [Template[], number])[] = [
  [politics, 16],
  [world, 8],
  [sports, 28],
  [crypto, 16],
  [economics, 10],
  [business, 8],
  [tech, 8],
  [science, 6],
  [culture, 9],
];

/** Draws of a template in the same category before a title already used is accepted. */
const DRAWS_FOR_A_NEW_TITLE = 12;

/**
 * An event of a category drawn by weight. A title already used (`taken`: there is one Super Bowl a
 * year) is drawn again within the same category, so the categories' shares stay as they are; only a
 * catalog larger than the templates' titles (far beyond the default's) keeps a repeat.
 */
export function draftEvent(ctx: TemplateContext, taken: (title: string) => boolean = () => false): Draft {
  const group = ctx.rng.weighted(TEMPLATES);
  let draft = ctx.rng.pick(group)(ctx);
  for (let i = 1; i < DRAWS_FOR_A_NEW_TITLE && taken(draft.title); i++) draft = ctx.rng.pick(group)(ctx);
  // A category out of titles for these dates (a month has one Fed decision): any category then.
  for (let i = 0; i < DRAWS_FOR_A_NEW_TITLE && taken(draft.title); i++)
    draft = ctx.rng.pick(ctx.rng.weighted(TEMPLATES))(ctx);
  return draft;
}
