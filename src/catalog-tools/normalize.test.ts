import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Event } from '../contract/catalog';
import { FIXTURE_FILES, fixturePath, fixtureText, GAMMA_FIXTURES } from './fixtures';
import { ImportFileError, normalizeDate, normalizeEvents, parseImportText, plainDecimal } from './normalize';

/** A minimal valid raw event in the public catalog's wire shape. */
const raw = (overrides: Record<string, unknown> = {}, market: Record<string, unknown> = {}) => ({
  id: '100',
  slug: 'will-it-rain',
  title: 'Will it rain?',
  description: 'Resolves Yes if it rains.',
  active: true,
  closed: false,
  liquidity: 10,
  volume: 100,
  volume24hr: 5,
  startDate: '2026-01-01T00:00:00Z',
  endDate: '2026-12-31T00:00:00Z',
  image: '/img/science-0.svg',
  tags: [{ id: '8', label: 'Science', slug: 'science' }],
  markets: [
    {
      id: '900',
      question: 'Will it rain?',
      conditionId: `0x${'ab'.repeat(32)}`,
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.25", "0.75"]',
      clobTokenIds: '["123", "456"]',
      ...market,
    },
  ],
  ...overrides,
});

const one = (value: unknown) => normalizeEvents([value]);
const errorsOf = (value: unknown) => one(value).errors.map(({ field, reason }) => ({ field, reason }));

describe('the real catalog payloads (fixtures/gamma)', () => {
  it('are where CI puts them (a missing folder fails, never skips)', () => {
    expect(existsSync(GAMMA_FIXTURES)).toBe(true);
    for (const name of Object.keys(FIXTURE_FILES) as (keyof typeof FIXTURE_FILES)[])
      expect(existsSync(fixturePath(name))).toBe(true);
  });

  it('NBA 2890 (single closed binary event): 40-digit prices survive exactly, dates in UTC', () => {
    const result = normalizeEvents(parseImportText(fixtureText('nbaClosed')));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    const [event] = result.events;
    expect(event).toMatchObject({
      id: '2890',
      active: true,
      closed: true,
      liquidity: 0,
      volume: 1335.05,
      volume24hr: 0,
      startDate: '2021-12-04T00:00:00Z',
      endDate: '2021-12-04T00:00:00Z',
      tags: [{ id: '100215', label: 'All', slug: 'all' }],
      series: [{ id: '2', slug: 'nba', title: 'NBA' }],
    });
    expect(event?.markets).toHaveLength(1);
    expect(event?.markets[0]?.outcomePrices).toBe(
      '["0.0000004113679809846114013590098187297978","0.9999995886320190153885986409901813"]',
    );
    expect(JSON.parse(event!.markets[0]!.outcomes)).toEqual(['Yes', 'No']);
    expect(event?.markets[0]?.clobTokenIds.every((t) => /^[0-9]{70,78}$/.test(t))).toBe(true);
    expect(Event.safeParse(event).success).toBe(true);
  });

  it('Kraken/Macron (array of 2): the placeholder market is skipped with a warning naming event and market', () => {
    const result = normalizeEvents(parseImportText(fixtureText('krakenMacron')));
    expect(result.errors).toEqual([]);
    expect(result.events.map((e) => [e.id, e.markets.length])).toEqual([
      ['16183', 3],
      ['16263', 4],
    ]);
    expect(result.warnings).toEqual([
      {
        index: 0,
        id: '16183',
        marketId: '1642124',
        message: expect.stringMatching(/1642124.*Kraken IPO by June 30, 2026\?.*placeholder.*conditionId/),
      },
    ]);
    expect(result.events[0]?.markets.map((m) => m.id)).not.toContain('1642124');
    // Microseconds are kept: PostgreSQL stores them.
    expect(result.events[0]?.startDate).toBe('2024-12-31T19:05:45.901363Z');
    expect(result.events[0]?.tags.map((t) => t.slug)).toContain('crypto');
    expect(result.events[0]?.series).toEqual([]);
    // Resolved markets inside an open event keep their resolution prices.
    expect(result.events[1]?.markets[0]?.outcomePrices).toBe('["0","1"]');
  });

  it('Fed September (single neg-risk object): 5 markets, short token ids and series kept', () => {
    const result = normalizeEvents(parseImportText(fixtureText('fedNegRisk')));
    expect(result.errors).toEqual([]);
    const [event] = result.events;
    expect(event?.id).toBe('481717');
    expect(event?.slug).toBe('fed-decision-in-september-762');
    expect(event?.markets).toHaveLength(5);
    expect(event?.series).toEqual([{ id: '35', slug: 'fomc', title: 'FOMC' }]);
    expect(event?.tags).toHaveLength(8);
    const tokens = event!.markets.flatMap((m) => m.clobTokenIds);
    expect(tokens.filter((t) => t.length === 76)).toHaveLength(2);
    const yes = event!.markets.map((m) => Number((JSON.parse(m.outcomePrices) as string[])[0]));
    expect(yes.reduce((a, b) => a + b, 0)).toBeCloseTo(1.0105, 6);
    // Unknown fields are dropped: only contract keys remain.
    expect(Object.keys(event!).sort()).toEqual(Object.keys(Event.shape).sort());
  });
});

describe('quirks accepted', () => {
  it('ids as numbers or strings (leading zeros dropped), lists as arrays or JSON strings, prices as numbers', () => {
    const result = one(
      raw(
        {
          id: 100,
          tags: [{ id: 8, label: 'Science', slug: 'science' }],
          series: [{ id: '007', slug: 's', title: 'S' }],
        },
        {
          id: 900,
          outcomes: ['Yes', 'No'],
          outcomePrices: [0.0000001, 0.9999999],
          clobTokenIds: ['123', '456'],
        },
      ),
    );
    expect(result.errors).toEqual([]);
    const event = result.events[0]!;
    expect(event.id).toBe('100');
    expect(event.tags[0]?.id).toBe('8');
    expect(event.series[0]?.id).toBe('7');
    expect(event.markets[0]).toMatchObject({
      id: '900',
      question: 'Will it rain?',
      conditionId: `0x${'ab'.repeat(32)}`,
      outcomes: '["Yes","No"]',
      outcomePrices: '["0.0000001","0.9999999"]',
      clobTokenIds: ['123', '456'],
    });
  });

  it("a market without the reference clients' fields takes its event's state and dates, and plain empties", () => {
    const result = one(raw({ active: false, closed: true }));
    expect(result.errors).toEqual([]);
    expect(result.events[0]!.markets[0]).toEqual({
      id: '900',
      question: 'Will it rain?',
      conditionId: `0x${'ab'.repeat(32)}`,
      outcomes: '["Yes","No"]',
      outcomePrices: '["0.25","0.75"]',
      clobTokenIds: ['123', '456'],
      slug: 'will-it-rain-900',
      active: false,
      closed: true,
      description: '',
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2026-12-31T00:00:00Z',
      image: '',
      volume: '0',
      volumeNum: 0,
      liquidity: '0',
      liquidityNum: 0,
      marketMakerAddress: '',
      negRisk: false,
      groupItemTitle: '',
      orderPriceMinTickSize: 0.01,
      orderMinSize: 5,
    });
  });

  it("a market's tick and minimum size are kept, as numbers or text; null is the default", () => {
    const market = (fields: Record<string, unknown>) => {
      const result = one(raw({}, fields));
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([]);
      const m = result.events[0]!.markets[0]!;
      return [m.orderPriceMinTickSize, m.orderMinSize];
    };
    expect(market({ orderPriceMinTickSize: 0.001, orderMinSize: 15 })).toEqual([0.001, 15]);
    expect(market({ orderPriceMinTickSize: '0.0001', orderMinSize: '2.5' })).toEqual([0.0001, 2.5]);
    expect(market({ orderPriceMinTickSize: 0.1, orderMinSize: 0 })).toEqual([0.1, 0]);
    expect(market({ orderPriceMinTickSize: null, orderMinSize: null })).toEqual([0.01, 5]);
  });

  it('another multiple of 0.0001 trades at the coarsest client tick dividing it; a size is rounded up to centishares', () => {
    const result = one(raw({}, { orderPriceMinTickSize: 0.005, orderMinSize: 1.234 }));
    expect(result.errors).toEqual([]);
    expect(result.events[0]!.markets[0]).toMatchObject({ orderPriceMinTickSize: 0.001, orderMinSize: 1.24 });
    expect(result.warnings.map((w) => [w.marketId, w.message])).toEqual([
      [
        '900',
        'market 900: orderPriceMinTickSize 0.005 is not a tick the reference clients trade; it trades at 0.001 here',
      ],
      ['900', 'market 900: orderMinSize 1.234 is not whole centishares; the minimum is 1.24 shares here'],
    ]);
    expect(one(raw({}, { orderPriceMinTickSize: 0.0025 })).events[0]!.markets[0]!.orderPriceMinTickSize).toBe(
      0.0001,
    );
    expect(one(raw({}, { orderPriceMinTickSize: 0.05 })).events[0]!.markets[0]!.orderPriceMinTickSize).toBe(
      0.01,
    );
  });

  it('a tick that is no multiple of 0.0001 up to 0.1, or a negative minimum size, is an error for the event', () => {
    const tickReason =
      'must be a price tick: 0.1, 0.01, 0.001, 0.0001 (or another multiple of 0.0001 up to 0.1)';
    for (const tick of [0, -0.01, 0.2, 0.00005, 0.0123456, 'one cent', Number.NaN])
      expect(errorsOf(raw({}, { orderPriceMinTickSize: tick })), String(tick)).toEqual([
        {
          field: 'markets[0].orderPriceMinTickSize',
          reason: typeof tick === 'number' && Number.isFinite(tick) ? tickReason : expect.any(String),
        },
      ]);
    expect(errorsOf(raw({}, { orderMinSize: -5 }))).toEqual([
      { field: 'markets[0].orderMinSize', reason: 'must be a number of shares from 0 up' },
    ]);
  });

  it("a market's own fields are kept: slug, state, dates, money as text or number, maker, neg-risk, group title", () => {
    const result = one(
      raw(
        {},
        {
          slug: 'rain-monday',
          active: true,
          closed: true,
          description: 'Monday only.',
          startDate: '2026-02-01 10:00:00+00',
          endDate: '2026-02-02T00:00:00Z',
          image: '/img/m.svg',
          volume: '494516.53254',
          liquidityNum: 50,
          marketMakerAddress: '0x9c568Ce9a316e7CF9bCCA352b409dfDdCD9b2C08',
          negRisk: true,
          groupItemTitle: 'Monday',
        },
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.events[0]!.markets[0]).toMatchObject({
      slug: 'rain-monday',
      active: true,
      closed: true,
      description: 'Monday only.',
      startDate: '2026-02-01T10:00:00Z',
      endDate: '2026-02-02T00:00:00Z',
      image: '/img/m.svg',
      volume: '494516.53254',
      volumeNum: 494516.53254,
      liquidity: '50',
      liquidityNum: 50,
      marketMakerAddress: '0x9c568Ce9a316e7CF9bCCA352b409dfDdCD9b2C08',
      negRisk: true,
      groupItemTitle: 'Monday',
    });
  });

  it('numbers sent as strings; missing or null amounts are 0; missing image/description are empty', () => {
    const result = one(
      raw({
        volume: '1589281.892059',
        liquidity: undefined,
        volume24hr: null,
        image: undefined,
        description: null,
      }),
    );
    expect(result.errors).toEqual([]);
    expect(result.events[0]).toMatchObject({
      volume: 1589281.892059,
      liquidity: 0,
      volume24hr: 0,
      image: '',
      description: '',
    });
  });

  it('absent keys count as missing, like undefined ones', () => {
    const event: Record<string, unknown> = raw();
    for (const key of ['liquidity', 'volume', 'volume24hr', 'image', 'description', 'tags', 'startDate'])
      delete event[key];
    const result = one(event);
    expect(result.errors).toEqual([]);
    expect(result.events[0]).toMatchObject({
      liquidity: 0,
      volume: 0,
      volume24hr: 0,
      image: '',
      description: '',
      tags: [],
      series: [],
    });
  });

  it('active and closed both true is kept as given', () => {
    expect(one(raw({ active: true, closed: true })).events[0]).toMatchObject({ active: true, closed: true });
  });

  it('a missing startDate falls back to the earliest market start, then the creation date, then the end date', () => {
    const markets = [
      { ...raw().markets[0], id: '1', startDate: '2025-03-01T10:00:00.5Z' },
      { ...raw().markets[0], id: '2', startDate: '2025-02-01 09:00:00+00' },
    ];
    expect(one(raw({ startDate: undefined, markets })).events[0]?.startDate).toBe('2025-02-01T09:00:00Z');
    expect(
      one(raw({ startDate: null, creationDate: '2024-05-05T05:05:05.123456Z' })).events[0]?.startDate,
    ).toBe('2024-05-05T05:05:05.123456Z');
    expect(one(raw({ startDate: undefined })).events[0]?.startDate).toBe('2026-12-31T00:00:00Z');
  });

  it('an event left with no market is skipped with a warning, not an error', () => {
    const result = one(raw({}, { conditionId: '', outcomePrices: undefined }));
    expect(result.errors).toEqual([]);
    expect(result.events).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('placeholder'),
      expect.stringContaining('event skipped'),
    ]);
    expect(one(raw({}, { clobTokenIds: '[]' })).warnings[0]?.message).toContain('no clobTokenIds');
  });

  it('a single event object and a JSON array are both accepted; anything else is a file error', () => {
    expect(parseImportText(JSON.stringify(raw()))).toHaveLength(1);
    expect(parseImportText(`\uFEFF${JSON.stringify([raw(), raw()])}`)).toHaveLength(2);
    expect(() => parseImportText('[{"id": 1')).toThrow(ImportFileError);
    expect(() => parseImportText('"events"')).toThrow(/array of events or a single event object/);
  });
});

describe('dates', () => {
  it.each([
    ['2021-12-05 20:37:01+00', '2021-12-05T20:37:01Z'],
    ['2023-03-22 19:17:35.835+00', '2023-03-22T19:17:35.835Z'],
    ['2026-05-13T21:23:09.737806Z', '2026-05-13T21:23:09.737806Z'],
    ['2026-05-13T23:23:09.5+02:00', '2026-05-13T21:23:09.5Z'],
    ['2026-01-01T00:30:00-0130', '2026-01-01T02:00:00Z'],
    ['2024-02-29T12:00:00z', '2024-02-29T12:00:00Z'],
  ])('%s → %s', (input, output) => {
    expect(normalizeDate(input)).toBe(output);
  });

  it.each([
    '2023-02-29T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:00:00.1234567Z',
    '2026-01-01',
    '2026-01-01T00:00:00',
    '12/05/2021',
    '',
  ])('rejects %j', (input) => {
    expect(normalizeDate(input)).toBeNull();
  });

  it('writes numbers without exponents', () => {
    expect([1e-7, 4.5e-10, 0.25, 1, 0].map(plainDecimal)).toEqual([
      '0.0000001',
      '0.00000000045',
      '0.25',
      '1',
      '0',
    ]);
  });
});

describe('errors: every kind reported with index, id, field and reason', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['not an object', 42, '', /event object/],
    ['id not numeric', raw({ id: 'abc' }), 'id', /decimal integer/],
    ['id missing', raw({ id: undefined }), 'id', /numeric id/],
    ['id too large for bigint', raw({ id: '99999999999999999999' }), 'id', /at most/],
    ['id as an unsafe number', raw({ id: 2 ** 60 }), 'id', /strings/],
    ['slug with a slash', raw({ slug: 'a/b' }), 'slug', /slug/],
    ['empty title', raw({ title: '  ' }), 'title', /empty/],
    ['active not a boolean', raw({ active: 'yes' }), 'active', /true or false/],
    ['negative volume', raw({ volume: -1 }), 'volume', /negative/],
    ['volume not a number', raw({ volume: 'lots' }), 'volume', /finite number/],
    ['endDate missing', raw({ endDate: undefined }), 'endDate', /date/],
    ['endDate not a date', raw({ endDate: '2026-02-30T00:00:00Z' }), 'endDate', /RFC 3339/],
    ['startDate not a date', raw({ startDate: '12/05/2021' }), 'startDate', /RFC 3339/],
    ['image not a string', raw({ image: 5 }), 'image', /string/],
    ['markets missing', raw({ markets: undefined }), 'markets', /list of markets/],
    ['markets empty', raw({ markets: [] }), 'markets', /at least one market/],
    ['market not an object', raw({ markets: ['x'] }), 'markets[0]', /market object/],
    ['conditionId not hex', raw({}, { conditionId: '0xZZ' }), 'markets[0].conditionId', /hex/],
    [
      'one outcome',
      raw({}, { outcomes: '["Yes"]', outcomePrices: '["1"]', clobTokenIds: '["1"]' }),
      'markets[0].outcomes',
      /at least 2/,
    ],
    [
      'fewer prices than outcomes',
      raw({}, { outcomePrices: '["1"]' }),
      'markets[0].outcomePrices',
      /1 prices for 2 outcomes/,
    ],
    [
      'fewer token ids than outcomes',
      raw({}, { clobTokenIds: ['1'] }),
      'markets[0].clobTokenIds',
      /1 token ids for 2 outcomes/,
    ],
    [
      'price above 1',
      raw({}, { outcomePrices: '["1.5", "0"]' }),
      'markets[0].outcomePrices[0]',
      /from 0 to 1/,
    ],
    [
      'price not a decimal',
      raw({}, { outcomePrices: ['0.5', '1e-1'] }),
      'markets[0].outcomePrices[1]',
      /decimal string/,
    ],
    ['prices not JSON', raw({}, { outcomePrices: '["0.5", ' }), 'markets[0].outcomePrices', /JSON array/],
    [
      'token id as a big JSON number',
      raw({}, { clobTokenIds: [1, 1.2e76] }),
      'markets[0].clobTokenIds[1]',
      /JSON number/,
    ],
    ['empty outcome name', raw({}, { outcomes: ['Yes', ''] }), 'markets[0].outcomes[1]', /empty/],
    ['empty question', raw({}, { question: '' }), 'markets[0].question', /empty/],
    ['tag without label', raw({ tags: [{ id: '1', slug: 'x' }] }), 'tags[0].label', /string/],
    [
      'series with a bad id',
      raw({ series: [{ id: '-3', slug: 's', title: 'S' }] }),
      'series[0].id',
      /decimal integer/,
    ],
    ['tags not a list', raw({ tags: 'crypto' }), 'tags', /list of tags/],
  ];

  it.each(cases)('%s', (_name, value, field, reason) => {
    const result = one(value);
    expect(result.events).toEqual([]);
    expect(result.errors.length).toBeGreaterThanOrEqual(1);
    const error = result.errors.find((e) => e.field === field);
    expect(error, JSON.stringify(result.errors)).toBeDefined();
    expect(error?.index).toBe(0);
    expect(error?.reason).toMatch(reason);
    const id = (value as { id?: unknown } | null)?.id;
    expect(error?.id).toBe(typeof id === 'string' || typeof id === 'number' ? String(id) : null);
  });

  it('reports problems that span events at the later event', () => {
    const result = normalizeEvents([
      raw(),
      raw({ slug: 'other' }, { id: '901' }),
      raw({ id: '101' }, { id: '902' }),
      raw({ id: '102', slug: 'third' }),
      raw({ id: '103', slug: 'fourth', tags: [{ id: '9', label: 'Sci', slug: 'science' }] }, { id: '999' }),
    ]);
    expect(result.errors).toEqual([
      { index: 1, id: '100', field: 'id', reason: 'duplicate: event 100 is also at index 0' },
      {
        index: 2,
        id: '101',
        field: 'slug',
        reason: 'duplicate: slug "will-it-rain" is also used at index 0',
      },
      {
        index: 3,
        id: '102',
        field: 'markets[0].id',
        reason: 'duplicate: market 900 also belongs to the event at index 0',
      },
      { index: 4, id: '103', field: 'tags[0].slug', reason: 'tag slug "science" is used by tag 8 and 9' },
    ]);
    expect(errorsOf(raw({}, {}))).toEqual([]);
  });

  it('collects every problem of an event, not only the first', () => {
    const fields = errorsOf(raw({ id: 'x', volume: -1 }, { conditionId: 'nope' })).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['id', 'volume', 'markets[0].conditionId']));
  });
});
