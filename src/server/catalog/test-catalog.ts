import type { Event, Market, OrderField, Series, Tag } from '../../contract/catalog';
import type { EventsQuery } from '../../contract/catalog-query';

/**
 * A small deterministic catalog for the catalog tests: few distinct values per sort field (many
 * ties, to catch tie-breaking bugs), ids of different digit counts (numeric vs text order), titles
 * differing only in case, and titles with LIKE metacharacters (`%`, `_`, `\`).
 */

export const TEST_TAGS: Tag[] = [
  { id: '1', label: 'Politics', slug: 'politics' },
  { id: '2', label: 'Sports', slug: 'sports' },
  { id: '3', label: 'Crypto', slug: 'crypto' },
  { id: '10', label: 'Economy', slug: 'economy' },
  { id: '42', label: 'Culture', slug: 'culture' },
  { id: '99', label: 'Unused', slug: 'unused' },
];

export const TEST_SERIES: Series[] = [
  { id: '5', slug: 'weekly-rates', title: 'Weekly rates' },
  { id: '50', slug: 'nba-games', title: 'NBA games' },
  { id: '500', slug: 'empty-series', title: 'Empty series' },
];

const TITLES = [
  'Will Bitcoin reach $200k?',
  'will bitcoin reach $200K?',
  'Fed rate cut in March?',
  'Who wins the NBA Finals?',
  'Ápple earnings beat?',
  '100% turnout in the vote?',
  'snake_case title with \\ backslash',
  'Zebra crossing referendum',
  'apple earnings beat?',
  'Election winner 2028',
];

/** An event with one two-outcome market, a tag and a series; prices with many digits (kept exactly). */
export const testEvent = (id: string, overrides: Partial<Event> = {}): Event => ({
  id,
  slug: `event-${id}`,
  title: `Will ${id} happen?`,
  description: 'Resolves Yes if it happens.\nOtherwise No.',
  active: true,
  closed: false,
  liquidity: 10,
  volume: 100.5,
  volume24hr: 5,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2026-12-31T12:00:00.123Z',
  image: '/img/x.svg',
  tags: [{ id: '1', label: 'Politics', slug: 'politics' }],
  series: [{ id: '7', slug: 'weekly', title: 'Weekly' }],
  markets: [
    testMarket({
      id: `m${id}`,
      question: `Will ${id} happen?`,
      conditionId: '0xabc',
      outcomes: '["Yes","No"]',
      outcomePrices: '["0.0000004113679809846114013590098187297978","0.9999995886320190153885986409901813"]',
      clobTokenIds: ['111', '222'],
    }),
  ],
  ...overrides,
});

/** A market with the given Part A fields; the reference clients' extra fields at plain values. */
export function testMarket(
  fields: Pick<Market, 'id' | 'question' | 'conditionId' | 'outcomes' | 'outcomePrices' | 'clobTokenIds'>,
): Market {
  const volume = fields.id.length * 10;
  return {
    slug: `market-${fields.id}`,
    active: true,
    closed: false,
    description: `About ${fields.question}`,
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2026-12-31T00:00:00.000Z',
    image: '',
    volume: String(volume),
    volumeNum: volume,
    liquidity: '5.5',
    liquidityNum: 5.5,
    marketMakerAddress: '',
    negRisk: false,
    groupItemTitle: '',
    orderPriceMinTickSize: 0.01,
    orderMinSize: 5,
    ...fields,
  };
}

/** A tiny seeded PRNG (mulberry32): the same catalog on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildTestCatalog(count = 200, seed = 7): Event[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const events: Event[] = [];
  for (let i = 0; i < count; i++) {
    // 1, 2, …, 9, then jumps: ids with 1 to 6 digits so text order ≠ numeric order.
    const id = String(i < 9 ? i + 1 : 10 + i * 37 + (i % 7) * 1000);
    const tags = TEST_TAGS.slice(0, 5).filter(() => random() < 0.35);
    const series = TEST_SERIES.slice(0, 2).filter(() => random() < 0.25);
    const marketCount = 1 + Math.floor(random() * 3);
    const day = 1 + Math.floor(random() * 5);
    events.push({
      id,
      slug: `event-${id}`,
      title: `${pick(TITLES)}${random() < 0.5 ? '' : ` #${i % 13}`}`,
      description: `Resolves Yes if event ${id} happens.`,
      active: random() < 0.7,
      closed: random() < 0.3,
      liquidity: pick([0, 5, 5, 250.25, 1e6]),
      volume: pick([0, 10, 10.5, 10.5, 100, 1000, 123456.789]),
      volume24hr: pick([0, 1, 2.5]),
      startDate: `2026-0${day}-01T00:00:00.000Z`,
      endDate: `2026-1${day % 3}-0${day}T12:00:00.${random() < 0.5 ? '000' : '500'}Z`,
      image: `/images/${id}.svg`,
      tags: random() < 0.5 ? tags : [...tags].reverse(),
      series,
      markets: Array.from({ length: marketCount }, (_, m) =>
        testMarket({
          id: `${id}-${m}`,
          question: `Market ${m} of ${id}?`,
          conditionId: `0x${(Number(id) * 31 + m).toString(16).padStart(8, '0')}`,
          outcomes: '["Yes","No"]',
          outcomePrices: '["0.25","0.75"]',
          clobTokenIds: [`${id}${m}1`, `${id}${m}2`],
        }),
      ),
    });
  }
  return events;
}

/**
 * What `/events` must answer for a query over a catalog, computed in plain TypeScript (the test
 * oracle): the filters, the order with ties by id, offset/limit, and the total.
 */
export function expectedPage(
  catalog: readonly Event[],
  query: EventsQuery,
): { events: Event[]; total: number } {
  const ids = query.id && new Set(query.id.map((id) => BigInt(id)));
  const matching = catalog.filter(
    (e) =>
      (!ids || ids.has(BigInt(e.id))) &&
      (!query.slug || query.slug.includes(e.slug)) &&
      (query.tag_id === undefined || e.tags.some((t) => BigInt(t.id) === BigInt(query.tag_id!))) &&
      (query.tag_slug === undefined || e.tags.some((t) => t.slug === query.tag_slug)) &&
      (query.series_id === undefined || e.series.some((s) => BigInt(s.id) === BigInt(query.series_id!))) &&
      (query.active === undefined || e.active === query.active) &&
      (query.closed === undefined || e.closed === query.closed) &&
      (query.q === undefined || e.title.toLowerCase().includes(query.q.toLowerCase())) &&
      (query.end_date_min === undefined || Date.parse(e.endDate) >= Date.parse(query.end_date_min)) &&
      (query.end_date_max === undefined || Date.parse(e.endDate) <= Date.parse(query.end_date_max)) &&
      (query.start_date_min === undefined || Date.parse(e.startDate) >= Date.parse(query.start_date_min)) &&
      (query.start_date_max === undefined || Date.parse(e.startDate) <= Date.parse(query.start_date_max)) &&
      (query.volume_min === undefined || e.volume >= query.volume_min) &&
      (query.liquidity_min === undefined || e.liquidity >= query.liquidity_min),
  );
  const sorted = [...matching].sort((a, b) => compareEvents(a, b, query.order, query.ascending));
  return { events: sorted.slice(query.offset, query.offset + query.limit), total: matching.length };
}

const sign = (a: number | bigint | string, b: number | bigint | string) => (a < b ? -1 : a > b ? 1 : 0);

/** The contract's order: each field in turn, all in one direction, then id ascending. */
export function compareEvents(a: Event, b: Event, order: readonly OrderField[], ascending: boolean): number {
  for (const field of order) {
    const c = compareField(a, b, field);
    if (c !== 0) return ascending ? c : -c;
  }
  return sign(BigInt(a.id), BigInt(b.id));
}

function compareField(a: Event, b: Event, field: OrderField): number {
  switch (field) {
    case 'id':
      return sign(BigInt(a.id), BigInt(b.id));
    case 'title':
      return sign(a.title.toLowerCase(), b.title.toLowerCase());
    case 'startDate':
    case 'endDate':
      return sign(Date.parse(a[field]), Date.parse(b[field]));
    case 'move24hr':
      return sign(moveOf(a), moveOf(b));
    default:
      return sign(a[field], b[field]);
  }
}

/**
 * The oracle's move24hr: |oneDayPriceChange| of the leading market, the open market (any market
 * when none is open) with the highest first-outcome price, the first of equals; 0 without a change.
 */
export function moveOf(event: Event): number {
  const open = event.markets.filter((m) => m.active && !m.closed);
  let leader: Market | undefined;
  let best = -1;
  for (const market of open.length > 0 ? open : event.markets) {
    const price = Number(JSON.parse(market.outcomePrices)[0]);
    if (leader === undefined || price > best) [leader, best] = [market, price];
  }
  return Math.abs(leader?.oneDayPriceChange ?? 0);
}
