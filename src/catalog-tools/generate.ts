import {
  DEFAULT_ORDER_MIN_SIZE,
  DEFAULT_ORDER_TICK,
  type Event,
  type Market,
  type Series,
  type Tag,
} from '../contract/catalog';
import { createRandom, type Random } from './random';
import { draftEvent, type MarketPlan } from './templates';
import { IMAGE_VARIANTS, imagePath, SERIES, TAGS } from './vocabulary';

/**
 * The demo catalog: a deterministic stream of contract Events. The same seed and `now` give the same
 * events, byte for byte, whatever the batch size the caller consumes them in.
 */

export const DEFAULT_SEED = 'marketdesk';
export const DEFAULT_EVENTS = 3000;
export const MAX_EVENTS = 200_000;
/**
 * Ids start here and grow by small random steps, like a real catalog that has been edited. The ranges
 * sit above the public catalog's ids, so real exports imported next to the demo never collide with it.
 */
const FIRST_EVENT_ID = 2_000_000;
const FIRST_MARKET_ID = 20_000_000;

export interface GenerateOptions {
  events: number;
  seed?: string | number;
  /** The "today" dates are drawn around; defaults to the start of the current UTC day. */
  now?: Date;
}

export type Status = 'active' | 'closed' | 'upcoming';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export function startOfUtcDay(date: Date = new Date()): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** All tags and series events may reference (the generator only uses these). */
export const DEMO_TAGS: readonly Tag[] = Object.values(TAGS);
export const DEMO_SERIES: readonly Series[] = Object.values(SERIES);

/** Status of an event as the dashboard shows it. */
export function statusOf(event: Pick<Event, 'closed' | 'startDate'>, now: Date): Status {
  if (event.closed) return 'closed';
  return Date.parse(event.startDate) > now.getTime() ? 'upcoming' : 'active';
}

export function* generateEvents(options: GenerateOptions): Generator<Event> {
  const count = options.events;
  if (!Number.isInteger(count) || count < 0 || count > MAX_EVENTS) {
    throw new RangeError(`events must be an integer from 0 to ${MAX_EVENTS}`);
  }
  const rng = createRandom(options.seed ?? DEFAULT_SEED);
  const now = options.now ?? startOfUtcDay();
  const slugs = new Set<string>();
  const titles = new Set<string>();
  let eventId = FIRST_EVENT_ID;
  let marketId = FIRST_MARKET_ID;

  for (let i = 0; i < count; i++) {
    eventId += rng.int(1, 3);
    const status = rng.weighted<Status>([
      ['active', 55],
      ['closed', 30],
      ['upcoming', 15],
    ]);
    const dates = datesFor(rng, status, now);
    const latestEnd = status === 'closed' ? { latestEnd: new Date(now.getTime() - DAY) } : {};
    const drawn = draftEvent({ rng, ...dates, ...latestEnd }, (title) => titles.has(capitalised(title)));
    // A question about a period ends with it (templates.ts, `periodEnd`); a closed one's may end
    // earlier than drawn, and starts as long before.
    const end = drawn.end ?? dates.end;
    const start =
      dates.start < end
        ? dates.start
        : new Date(end.getTime() - (dates.end.getTime() - dates.start.getTime()));
    // "the Netherlands …" opens a title or a question with a capital, as a sentence does.
    const draft = { ...drawn, title: capitalised(drawn.title) };
    titles.add(draft.title);
    const plans = marketsOf(rng, draft.plan, status, now);
    const drafts = plans.map(({ question, outcomes, prices, endedAt, endsAt }) => {
      marketId += rng.int(1, 4);
      return {
        id: String(marketId),
        question: capitalised(question),
        conditionId: `0x${rng.hex(64)}`,
        outcomes: JSON.stringify(outcomes),
        outcomePrices: JSON.stringify(prices),
        // Real token ids are uint256 values: 76–78 decimal digits.
        clobTokenIds: outcomes.map(() => rng.digits(rng.int(76, 77))),
        endedAt,
        endsAt,
      };
    });
    const money = moneyFor(rng, status, drafts.length);
    const slug = uniqueSlug(slugs, draft.title, eventId);
    const image = imagePath(draft.category, rng.int(0, IMAGE_VARIANTS - 1));
    const active = status === 'active' || (status === 'closed' && rng.chance(0.85));
    const names =
      draft.plan.kind === 'exclusive' && draft.plan.titles
        ? draft.plan.titles
        : groupItemTitles(plans.map((p) => p.question));
    // The event's money split between its markets, more to the likelier ones (no random draw: the rest
    // of the catalog stays as it was).
    const weights = plans.map((p) => 0.5 + Math.max(...p.prices.map(Number)));
    const share = (amount: number, i: number) => round6((amount * weights[i]!) / sum(weights));
    const markets: Market[] = drafts.map(({ endedAt, endsAt, ...m }, i) => ({
      ...m,
      slug: drafts.length === 1 ? slug : `${slug}-${slugify(names[i]!) || i + 1}`,
      active,
      // A rung whose date passed resolved No and trades no more, as in real catalogs.
      closed: status === 'closed' || endedAt !== undefined,
      // The event carries the rules; a copy in each market would double every list's payload.
      description: '',
      startDate: start.toISOString(),
      endDate: new Date(endsAt ?? end.getTime()).toISOString(),
      image,
      volume: String(share(money.volume, i)),
      volumeNum: share(money.volume, i),
      liquidity: String(share(money.liquidity, i)),
      liquidityNum: share(money.liquidity, i),
      marketMakerAddress: '',
      negRisk: draft.plan.kind === 'exclusive',
      groupItemTitle: drafts.length === 1 ? '' : names[i]!,
      orderPriceMinTickSize: DEFAULT_ORDER_TICK,
      orderMinSize: DEFAULT_ORDER_MIN_SIZE,
    }));
    const tags = [TAGS[draft.category], ...draft.tags.map((key) => TAGS[key])];
    if (money.volume > 5_000_000 && rng.chance(0.5)) tags.push(TAGS.featured);

    yield {
      id: String(eventId),
      slug,
      title: draft.title,
      description: draft.description,
      active,
      closed: status === 'closed',
      ...money,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      image,
      tags: [...new Map(tags.map((t) => [t.id, t])).values()],
      series: draft.series ? [SERIES[draft.series]] : [],
      markets,
    };
  }
}

/** Convenience for small catalogs and tests: everything in memory. */
export function generateCatalog(options: GenerateOptions): Event[] {
  return [...generateEvents(options)];
}

/** Batches of a stream, so 200,000 events never sit in memory at once. */
export function* batches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

// ---------- dates ----------

function datesFor(rng: Random, status: Status, now: Date): { start: Date; end: Date } {
  const t = now.getTime();
  // Ends fall on the hour (deadlines like 12:00 ET); starts carry milliseconds like real creation times.
  const onHour = (ms: number) => new Date(Math.round(ms / HOUR) * HOUR);
  const jitter = () => rng.int(0, 59_999);
  if (status === 'active') {
    const start = new Date(t - rng.float(1 * HOUR, 150 * DAY) - jitter());
    const horizon = rng.weighted<[number, number]>([
      [[2 * HOUR, 3 * DAY], 25],
      [[3 * DAY, 60 * DAY], 45],
      [[60 * DAY, 540 * DAY], 30],
    ]);
    return { start, end: onHour(t + rng.float(horizon[0], horizon[1])) };
  }
  if (status === 'closed') {
    // More recent closures than old ones.
    const end = onHour(t - DAY - Math.min(900 * DAY, rng.logNormal(Math.log(60 * DAY), 1.1)));
    return { start: new Date(end.getTime() - rng.float(1 * DAY, 200 * DAY) - jitter()), end };
  }
  const start = new Date(t + rng.float(1 * HOUR, 45 * DAY) + jitter());
  return { start, end: onHour(start.getTime() + rng.float(1 * DAY, 200 * DAY)) };
}

// ---------- prices ----------

/** Prices are handled in ten-thousandths so that each market's prices add up to exactly 1. */
const UNIT = 10_000;

export function formatPrice(units: number): string {
  if (units <= 0) return '0';
  if (units >= UNIT) return '1';
  return `0.${String(units).padStart(4, '0')}`.replace(/0+$/, '');
}

/** A probability as a tradeable price: 0.001 ticks, 0.0005 near the edges (like real order books). */
function quantize(p: number): number {
  const units = p * UNIT;
  const tick = units < 200 || units > UNIT - 200 ? 5 : 10;
  return Math.min(UNIT - 5, Math.max(5, Math.round(units / tick) * tick));
}

/** Splits 1 between outcomes by weight, in 0.001 steps, summing to exactly 1 (largest remainder). */
function split(weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const steps = UNIT / 10;
  const raw = weights.map((w) => (w / total) * steps);
  const floors = raw.map((r) => Math.max(1, Math.floor(r)));
  let left = steps - floors.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) floors[order[k]![1]]! += 1;
  for (let k = 0; left < 0; k = (k + 1) % floors.length) {
    if (floors[k]! > 1) {
      floors[k]! -= 1;
      left++;
    }
  }
  return floors.map((f) => f * 10);
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const binary = (yes: number) => [formatPrice(yes), formatPrice(UNIT - yes)];
const resolved = (won: boolean) => (won ? ['1', '0'] : ['0', '1']);

interface PlannedMarket {
  question: string;
  outcomes: string[];
  prices: string[];
  /** A rung of an open "by <date>?" ladder whose date has passed: closed, ending on that date. */
  endedAt?: number;
  /** A rung of a "by <date>?" ladder: its own deadline (ms), its market's end date. */
  endsAt?: number;
}

function marketsOf(rng: Random, plan: MarketPlan, status: Status, now: Date): PlannedMarket[] {
  const yesNo = ['Yes', 'No'];
  const closed = status === 'closed';
  // Before trading starts, prices sit near their opening level; later they spread out.
  const spread = status === 'upcoming' ? 0.4 : 1.8;

  switch (plan.kind) {
    case 'binary': {
      const p = logistic(rng.normal() * spread);
      return [
        {
          question: plan.question,
          outcomes: yesNo,
          prices: closed ? resolved(rng.chance(p)) : binary(quantize(p)),
        },
      ];
    }
    case 'ladder': {
      const n = plan.questions.length;
      const ps = Array.from({ length: n }, () => logistic(rng.normal() * spread * 1.3)).sort((a, b) =>
        plan.direction === 'up' ? a - b : b - a,
      );
      // Resolved ladders are monotone too: every market after the cut (up) or before it (down) is Yes.
      const cut = rng.int(0, n);
      return plan.questions.map((question, i) => {
        // An open "by <date>?" ladder: the rungs whose date has passed resolved No (it has not happened yet).
        const past = !closed && (plan.deadlines?.[i] ?? Number.POSITIVE_INFINITY) <= now.getTime();
        const prices = closed
          ? resolved(plan.direction === 'up' ? i >= cut : i < cut)
          : past
            ? resolved(false)
            : binary(quantize(ps[i]!));
        const deadline = plan.deadlines?.[i];
        return past
          ? { question, outcomes: yesNo, prices, endedAt: deadline!, endsAt: deadline! }
          : deadline === undefined
            ? { question, outcomes: yesNo, prices }
            : { question, outcomes: yesNo, prices, endsAt: deadline };
      });
    }
    case 'exclusive': {
      const weights = plan.questions.map(() => Math.exp(rng.normal() * spread));
      const total = weights.reduce((a, b) => a + b, 0);
      const winner = pickByWeight(rng, weights);
      // A small overround: real neg-risk groups add up to a little more than 1.
      const overround = 1 + rng.float(0, 0.03);
      return plan.questions.map((question, i) => ({
        question,
        outcomes: yesNo,
        prices: closed ? resolved(i === winner) : binary(quantize(((weights[i] ?? 0) / total) * overround)),
      }));
    }
    case 'multi':
      // Two named outcomes each (templates.ts): a question with more answers is an exclusive group.
      return plan.markets.map(({ question, outcomes: named }) => {
        const outcomes = [...named];
        const weights = outcomes.map(() => Math.exp(rng.normal() * spread * 0.7));
        if (closed) {
          const winner = pickByWeight(rng, weights);
          return { question, outcomes, prices: outcomes.map((_, i) => (i === winner ? '1' : '0')) };
        }
        return { question, outcomes, prices: split(weights).map(formatPrice) };
      });
    case 'game': {
      // A played game: one margin and one total, which every market resolves by. Before it: each
      // market's chance under the two laws, so that a spread is never likelier than winning outright.
      const played = {
        margin: plan.margin.mean + rng.normal() * plan.margin.sd,
        total: plan.total.mean + rng.normal() * plan.total.sd,
      };
      return plan.markets.map(({ question, outcomes, measure, line, below }) => {
        const law = plan[measure];
        const above = closed ? (played[measure] > line ? 1 : 0) : normalCdf((law.mean - line) / law.sd);
        const first = below ? 1 - above : above;
        return {
          question,
          outcomes: [...outcomes],
          prices: closed ? resolved(first === 1) : binary(quantize(first)),
        };
      });
    }
  }
}

/** The standard normal law's distribution function (Abramowitz and Stegun 26.2.17, error < 7.5e-8). */
function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return z >= 0 ? 1 - tail : tail;
}

function pickByWeight(rng: Random, weights: number[]): number {
  return rng.weighted(weights.map((w, i) => [i, w] as const));
}

// ---------- money ----------

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const floor6 = (n: number) => Math.floor(n * 1e6) / 1e6;

/** Heavy-tailed (log-normal) volume and liquidity; volume24hr never exceeds volume. */
function moneyFor(
  rng: Random,
  status: Status,
  marketCount: number,
): Pick<Event, 'volume' | 'volume24hr' | 'liquidity'> {
  if (status === 'upcoming') {
    const volume = rng.chance(0.4) ? 0 : round6(rng.logNormal(Math.log(800), 1.3));
    return {
      volume,
      volume24hr: floor6(volume * rng.float(0, 0.6)),
      liquidity: round6(rng.logNormal(Math.log(2_000), 1)),
    };
  }
  const volume = round6(Math.min(2.5e9, rng.logNormal(Math.log(25_000), 2.1) * Math.sqrt(marketCount)));
  if (status === 'closed') {
    return {
      volume,
      volume24hr: 0,
      liquidity: rng.chance(0.7) ? 0 : round6(rng.logNormal(Math.log(50), 1.5)),
    };
  }
  return {
    volume,
    volume24hr: floor6(volume * Math.min(1, rng.logNormal(Math.log(0.015), 1.3))),
    liquidity: round6(
      volume * Math.min(0.5, rng.logNormal(Math.log(0.04), 1)) + rng.logNormal(Math.log(300), 1),
    ),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

// ---------- slugs and names ----------

/**
 * Each market's short name in its event: what its question says that its siblings' do not (the words
 * between their common beginning and end: "Will the Fed cut 50 bps in March?" → "50").
 */
export function groupItemTitles(questions: string[]): string[] {
  const words = questions.map((q) => q.replace(/\?$/, '').split(' '));
  if (words.length < 2) return questions;
  const shortest = Math.min(...words.map((w) => w.length));
  let head = 0;
  while (head < shortest && words.every((w) => w[head] === words[0]![head])) head++;
  let tail = 0;
  while (
    tail < shortest - head &&
    words.every((w) => w[w.length - 1 - tail] === words[0]![words[0]!.length - 1 - tail])
  )
    tail++;
  // Without the punctuation left where the common part was cut ("by October 19, 2026?" → "October 19").
  return words.map(
    (w, i) =>
      w
        .slice(head, w.length - tail)
        .join(' ')
        .replace(/^[,;:]+|[,;:]+$/g, '') || questions[i]!,
  );
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

// ---------- slugs ----------

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** Real catalogs append a number to a repeated slug ("fed-decision-in-september-762"). */
function uniqueSlug(used: Set<string>, title: string, id: number): string {
  const base = slugify(title) || 'event';
  const slug = used.has(base) ? `${base}-${id}` : base;
  used.add(slug);
  return slug;
}
