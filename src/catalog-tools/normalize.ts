import { z } from 'zod';
import {
  DEFAULT_ORDER_MIN_SIZE,
  DEFAULT_ORDER_TICK,
  Event,
  type Series,
  type Tag,
} from '../contract/catalog';
import { TICK_SIZES } from '../contract/trading';

/**
 * Turns real-world catalog exports (docs/api.md §8) into contract Events: lenient where the quirks are
 * known and harmless, strict everywhere else. Pure: no I/O, so every rule is unit-testable.
 *
 * Decisions worth knowing:
 * - Dates are normalised to `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, keeping the fraction digits as given
 *   (0–6, microseconds included: PostgreSQL's timestamptz stores them), so no instant is rounded.
 * - Prices given as strings are kept character for character; prices given as numbers become the
 *   shortest decimal string that reads back as the same number (no exponent: 1e-7 → "0.0000001").
 * - `outcomes`, `outcomePrices` are stored as JSON-encoded arrays of strings (`["Yes","No"]`).
 * - Event amounts must be ≥ 0; a missing or null amount is 0.
 * - A market with an empty/absent `conditionId`, or with no (absent, null, "" or empty array)
 *   `outcomePrices` or `clobTokenIds` is a placeholder: skipped with a warning.
 * - `orderPriceMinTickSize` (absent or null: 0.01) is one of the ticks both reference clients can trade
 *   (0.1, 0.01, 0.001, 0.0001). Another multiple of 0.0001 up to 0.1 (the newer SDK also knows 0.005
 *   and 0.0025) becomes the coarsest of those four that divides it, with a warning: every price the
 *   source allowed stays valid. Anything else is an error.
 * - `orderMinSize` (shares; absent or null: 5) is a number ≥ 0; one that is not whole centishares is
 *   rounded up to the next centishare (the minimum is never lowered), with a warning.
 */

export interface ImportError {
  /** Position of the event in the file (0-based). */
  index: number;
  /** The event's id as given, when it has one. */
  id: string | null;
  /** Path of the offending field inside the event, e.g. `markets[2].outcomePrices`. */
  field: string;
  reason: string;
}

export interface ImportWarning {
  index: number;
  id: string | null;
  /** The market concerned (skipped, or imported with a value changed), or null when the whole event was skipped. */
  marketId: string | null;
  message: string;
}

export interface NormalizeResult {
  events: Event[];
  /** Position in the file of each of `events`. */
  indexes: number[];
  errors: ImportError[];
  warnings: ImportWarning[];
}

export class ImportFileError extends Error {}

/** The file holds a JSON array of events or a single event object. */
export function parseImportText(text: string): unknown[] {
  return parseJsonItems(text, 'The file must hold a JSON array of events or a single event object.');
}

/** An import file's items: a JSON array, or one object; `shape` says what else it must be. */
export function parseJsonItems(text: string, shape: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ImportFileError(
      `The file is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (Array.isArray(data)) return data;
  if (data !== null && typeof data === 'object') return [data];
  throw new ImportFileError(shape);
}

// ---------- field rules ----------

const BIGINT_MAX = 9223372036854775807n;

/** Ids are stored as bigint: a decimal integer given as a string or a (safe) number. */
const numericId = z
  .union([z.string(), z.number()], { error: 'must be a numeric id (a string or a number)' })
  .transform((value, ctx) => {
    if (typeof value === 'number') {
      if (Number.isSafeInteger(value) && value >= 0) return String(value);
      ctx.addIssue({
        code: 'custom',
        input: value,
        message: Number.isInteger(value)
          ? 'must be a non-negative integer; ids above 2^53 must be sent as strings'
          : 'must be a non-negative integer',
      });
      return z.NEVER;
    }
    if (!/^[0-9]+$/.test(value)) {
      ctx.addIssue({ code: 'custom', input: value, message: 'must be a decimal integer such as "16183"' });
      return z.NEVER;
    }
    const canonical = value.replace(/^0+(?=[0-9])/, '');
    if (BigInt(canonical) > BIGINT_MAX) {
      ctx.addIssue({ code: 'custom', input: value, message: `must be at most ${BIGINT_MAX}` });
      return z.NEVER;
    }
    return canonical;
  });

const marketId = z
  .union([z.string().min(1, 'must not be empty'), z.number().int().nonnegative()], {
    error: 'must be a market id (a string or a number)',
  })
  .transform(String);

const requiredText = z
  .string({ error: 'must be a string' })
  .refine((s) => s.trim() !== '', 'must not be empty');

/** Slugs end up in URL paths (`/events/slug/{slug}`): no whitespace, no slash. */
const slugText = z
  .string({ error: 'must be a string' })
  .regex(/^[^\s/?#]+$/, 'must be a non-empty slug without spaces, "/", "?" or "#"');

const optionalText = z
  .string({ error: 'must be a string' })
  .nullish()
  .transform((s) => s ?? '');

const flag = z.boolean({ error: 'must be true or false' });

/** USD amounts: numbers, or numbers sent as strings; missing or null → 0. */
const amount = z
  .union([z.number(), z.string(), z.null()], { error: 'must be a number' })
  .optional() // an absent key, not only an undefined value
  .transform((value, ctx) => {
    if (value === null || value === undefined) return 0;
    const n =
      typeof value === 'number'
        ? value
        : /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(value)
          ? Number(value)
          : Number.NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', input: value, message: 'must be a finite number' });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: 'custom', input: value, message: 'must not be negative' });
      return z.NEVER;
    }
    return n;
  });

const DATE =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt ]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,6}))?([Zz]|[+-][0-9]{2}(?::?[0-9]{2})?)$/;

/**
 * RFC 3339 with 0–6 fraction digits, or PostgreSQL's text form ("2021-12-05 20:37:01+00") → the same
 * instant in UTC as ISO 8601 with a `Z`, fraction digits kept. Returns null when not such a date.
 */
export function normalizeDate(text: string): string | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction, zone] = m as unknown as string[];
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as number[];
  if (month! < 1 || month! > 12 || hour! > 23 || minute! > 59 || second! > 59) return null;
  const local = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(local);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1) return null; // e.g. Feb 30
  let offsetMinutes = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const digits = zone!.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (zone!.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const utc = new Date(local - offsetMinutes * 60_000);
  if (Number.isNaN(utc.getTime()) || utc.getUTCFullYear() < 1 || utc.getUTCFullYear() > 9999) return null;
  const base = utc.toISOString().slice(0, 19);
  return fraction ? `${base}.${fraction}Z` : `${base}Z`;
}

const date = z.string({ error: 'must be a date string' }).transform((value, ctx) => {
  const normalized = normalizeDate(value);
  if (normalized === null) {
    ctx.addIssue({
      code: 'custom',
      input: value,
      message:
        'must be an RFC 3339 date-time (e.g. "2026-09-16T00:00:00Z", up to 6 fraction digits) or "2021-12-05 20:37:01+00"',
    });
    return z.NEVER;
  }
  return normalized;
});

/** A JSON-encoded array (the wire format) or a plain array. */
function list(what: string) {
  return z
    .union([z.string(), z.array(z.unknown())], { error: `must be a list of ${what}` })
    .transform((value, ctx): unknown[] => {
      if (Array.isArray(value)) return value;
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', input: value, message: `must be a JSON array of ${what}` });
      return z.NEVER;
    });
}

/** Number → plain decimal string (never exponent notation). */
export function plainDecimal(n: number): string {
  const text = String(n);
  const m = /^(-?)([0-9])(?:\.([0-9]+))?e([-+][0-9]+)$/.exec(text);
  if (!m) return text;
  const [, sign, lead, rest = '', exp] = m as unknown as [string, string, string, string | undefined, string];
  const digits = `${lead}${rest}`;
  const e = Number(exp);
  if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  return `${sign}${digits}${'0'.repeat(Math.max(0, e - rest.length))}`;
}

const PRICE = /^(0(\.[0-9]+)?|1(\.0+)?)$/;

const outcomes = list('outcome names').pipe(
  z.array(z.string({ error: 'must be a string' }).min(1, 'must not be empty')),
);

const outcomePrices = list('prices').pipe(
  z.array(
    z
      .union([z.string(), z.number()], { error: 'must be a decimal string or a number' })
      .transform((value, ctx) => {
        if (typeof value === 'string') {
          if (PRICE.test(value)) return value; // kept exactly as given (some carry 40 digits)
          ctx.addIssue({
            code: 'custom',
            input: value,
            message: 'must be a decimal string from 0 to 1, e.g. "0.615"',
          });
          return z.NEVER;
        }
        if (Number.isFinite(value) && value >= 0 && value <= 1) return plainDecimal(value);
        ctx.addIssue({ code: 'custom', input: value, message: 'must be a number from 0 to 1' });
        return z.NEVER;
      }),
  ),
);

const clobTokenIds = list('token ids').pipe(
  z.array(
    z.union([z.string(), z.number()], { error: 'must be a string' }).transform((value, ctx) => {
      if (typeof value === 'string' && /^[0-9]+$/.test(value)) return value;
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
      ctx.addIssue({
        code: 'custom',
        input: value,
        message:
          typeof value === 'number'
            ? 'must be a decimal string: token ids do not fit in a JSON number'
            : 'must be a decimal token id',
      });
      return z.NEVER;
    }),
  ),
);

/** The ticks both reference clients trade, as numbers, coarsest first. */
const TICKS = TICK_SIZES.map(Number);
/** Ticks in 1/10,000 (the exchange's price unit). */
const TICK_UNITS = 10_000;

/** A decimal number given as a number or as decimal text (the SDK's schemas accept both). */
const decimalNumber = z
  .union([z.number(), z.string(), z.null()], { error: 'must be a number' })
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const n =
      typeof value === 'number' ? value : /^[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isFinite(n)) return n;
    ctx.addIssue({ code: 'custom', input: value, message: 'must be a finite number' });
    return z.NEVER;
  });

/**
 * The tick a market trades at here, for the tick its source gives: one of TICKS as it is, another
 * multiple of 0.0001 up to 0.1 as the coarsest of TICKS that divides it; null for anything else.
 */
export function tradableTick(given: number): number | null {
  if (TICKS.includes(given)) return given;
  const units = Math.round(given * TICK_UNITS);
  if (!(given > 0 && given <= TICKS[0]!) || Math.abs(given * TICK_UNITS - units) > 1e-6) return null;
  return TICKS.find((tick) => units % Math.round(tick * TICK_UNITS) === 0) ?? null;
}

/** A minimum size in shares as whole centishares (rounded up: never lowered). */
export function wholeCentishares(shares: number): number {
  const centishares = shares * 100;
  const nearest = Math.round(centishares);
  return (Math.abs(centishares - nearest) < 1e-6 ? nearest : Math.ceil(centishares)) / 100;
}

const orderTick = decimalNumber.transform((given, ctx) => {
  if (given === null) return { given: DEFAULT_ORDER_TICK, tick: DEFAULT_ORDER_TICK };
  const tick = tradableTick(given);
  if (tick !== null) return { given, tick };
  ctx.addIssue({
    code: 'custom',
    input: given,
    message: `must be a price tick: ${TICK_SIZES.join(', ')} (or another multiple of 0.0001 up to 0.1)`,
  });
  return z.NEVER;
});

const orderMinSize = decimalNumber.transform((given, ctx) => {
  if (given === null) return { given: DEFAULT_ORDER_MIN_SIZE, size: DEFAULT_ORDER_MIN_SIZE };
  if (given >= 0 && Number.isSafeInteger(Math.ceil(given * 100)))
    return { given, size: wholeCentishares(given) };
  ctx.addIssue({ code: 'custom', input: given, message: 'must be a number of shares from 0 up' });
  return z.NEVER;
});

const RawMarket = z
  .object(
    {
      id: marketId,
      question: requiredText,
      conditionId: z
        .string({ error: 'must be a string' })
        .regex(/^0x[0-9a-fA-F]+$/, 'must be 0x followed by hex digits'),
      outcomes,
      outcomePrices,
      clobTokenIds,
      startDate: z.unknown().optional(),
      // The reference clients' market fields; each falls back to its event's value or to empty.
      slug: slugText.nullish(),
      active: flag.nullish(),
      closed: flag.nullish(),
      description: optionalText,
      endDate: z.unknown().optional(),
      image: optionalText,
      volume: amount,
      volumeNum: amount,
      liquidity: amount,
      liquidityNum: amount,
      marketMakerAddress: optionalText,
      negRisk: flag.nullish(),
      groupItemTitle: optionalText,
      orderPriceMinTickSize: orderTick,
      orderMinSize,
    },
    { error: 'must be a market object' },
  )
  .superRefine((m, ctx) => {
    if (m.outcomes.length < 2)
      ctx.addIssue({ code: 'custom', path: ['outcomes'], message: 'must list at least 2 outcomes' });
    if (m.outcomePrices.length !== m.outcomes.length)
      ctx.addIssue({
        code: 'custom',
        path: ['outcomePrices'],
        message: `has ${m.outcomePrices.length} prices for ${m.outcomes.length} outcomes`,
      });
    if (m.clobTokenIds.length !== m.outcomes.length)
      ctx.addIssue({
        code: 'custom',
        path: ['clobTokenIds'],
        message: `has ${m.clobTokenIds.length} token ids for ${m.outcomes.length} outcomes`,
      });
  });

const RawTag = z.object(
  { id: numericId, label: requiredText, slug: slugText },
  { error: 'must be a tag object' },
);
const RawSeries = z.object(
  { id: numericId, slug: slugText, title: requiredText },
  { error: 'must be a series object' },
);

const RawEvent = z.object(
  {
    id: numericId,
    slug: slugText,
    title: requiredText,
    description: optionalText,
    active: flag,
    closed: flag,
    liquidity: amount,
    volume: amount,
    volume24hr: amount,
    startDate: date.nullish(),
    endDate: date,
    creationDate: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    image: optionalText,
    tags: z
      .array(RawTag, { error: 'must be a list of tags' })
      .nullish()
      .transform((t) => t ?? []),
    series: z
      .array(RawSeries, { error: 'must be a list of series' })
      .nullish()
      .transform((s) => s ?? []),
    markets: z
      .array(z.unknown(), { error: 'must be a list of markets' })
      .min(1, 'must hold at least one market'),
  },
  { error: 'must be an event object' },
);

// ---------- events ----------

const isMissingList = (v: unknown) =>
  v === undefined || v === null || v === '' || v === '[]' || (Array.isArray(v) && v.length === 0);

/** Why a raw market is a placeholder (docs/api.md §8), or null when it is a real market. */
export function placeholderReason(raw: unknown): string | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const m = raw as Record<string, unknown>;
  if (m.conditionId === undefined || m.conditionId === null || m.conditionId === '')
    return 'empty conditionId';
  if (isMissingList(m.outcomePrices)) return 'no outcomePrices';
  if (isMissingList(m.clobTokenIds)) return 'no clobTokenIds';
  return null;
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    '',
  );
}

const rawId = (raw: unknown): string | null => {
  const id = raw !== null && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
};

function earliest(dates: string[]): string | undefined {
  return dates.sort((a, b) => Date.parse(a) - Date.parse(b) || a.localeCompare(b))[0];
}

function optionalDate(value: unknown): string | null {
  return typeof value === 'string' ? normalizeDate(value) : null;
}

interface Normalized {
  event?: Event;
  errors: Omit<ImportError, 'index' | 'id'>[];
  warnings: Omit<ImportWarning, 'index' | 'id'>[];
}

/** One event: the contract Event, or the reasons it cannot be one. Cross-event rules live below. */
export function normalizeEvent(raw: unknown): Normalized {
  const errors: Normalized['errors'] = [];
  const warnings: Normalized['warnings'] = [];
  const parsed = RawEvent.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors.push({ field: fieldPath(issue.path), reason: issue.message });
  }

  const rawMarkets = (raw as { markets?: unknown } | null)?.markets;
  const markets: z.infer<typeof RawMarket>[] = [];
  if (Array.isArray(rawMarkets)) {
    rawMarkets.forEach((rawMarket, i) => {
      const placeholder = placeholderReason(rawMarket);
      if (placeholder) {
        const m = rawMarket as { id?: unknown; question?: unknown };
        const question = typeof m.question === 'string' ? ` "${m.question}"` : '';
        warnings.push({
          marketId: rawId(rawMarket),
          message: `market ${rawId(rawMarket) ?? `#${i}`}${question} skipped: placeholder (${placeholder})`,
        });
        return;
      }
      const market = RawMarket.safeParse(rawMarket);
      if (market.success) markets.push(market.data);
      else
        for (const issue of market.error.issues)
          errors.push({ field: fieldPath(['markets', i, ...issue.path]), reason: issue.message });
    });
  }
  if (!parsed.success || errors.length > 0) return { errors, warnings };

  const e = parsed.data;
  if (markets.length === 0) {
    warnings.push({ marketId: null, message: 'event skipped: no market left after skipping placeholders' });
    return { errors, warnings };
  }
  const duplicateMarket = markets.find((m, i) => markets.findIndex((o) => o.id === m.id) !== i);
  if (duplicateMarket) {
    return {
      errors: [{ field: 'markets', reason: `market id ${duplicateMarket.id} appears twice in this event` }],
      warnings,
    };
  }

  for (const m of markets) {
    const { given, tick } = m.orderPriceMinTickSize;
    if (tick !== given)
      warnings.push({
        marketId: m.id,
        message: `market ${m.id}: orderPriceMinTickSize ${given} is not a tick the reference clients trade; it trades at ${tick} here`,
      });
    if (m.orderMinSize.size !== m.orderMinSize.given)
      warnings.push({
        marketId: m.id,
        message: `market ${m.id}: orderMinSize ${m.orderMinSize.given} is not whole centishares; the minimum is ${m.orderMinSize.size} shares here`,
      });
  }

  // docs/api.md §8: a missing startDate falls back to the earliest market start, the creation date, the end.
  const startDate =
    e.startDate ??
    earliest(markets.map((m) => optionalDate(m.startDate)).filter((d): d is string => d !== null)) ??
    optionalDate(e.creationDate) ??
    optionalDate(e.createdAt) ??
    e.endDate;

  const event: Event = {
    id: e.id,
    slug: e.slug,
    title: e.title,
    description: e.description,
    active: e.active,
    closed: e.closed,
    liquidity: e.liquidity,
    volume: e.volume,
    volume24hr: e.volume24hr,
    startDate,
    endDate: e.endDate,
    image: e.image,
    tags: uniqueById<Tag>(e.tags),
    series: uniqueById<Series>(e.series),
    markets: markets.map((m) => {
      const volume = m.volume || m.volumeNum;
      const liquidity = m.liquidity || m.liquidityNum;
      return {
        id: m.id,
        question: m.question,
        conditionId: m.conditionId,
        outcomes: JSON.stringify(m.outcomes),
        outcomePrices: JSON.stringify(m.outcomePrices),
        clobTokenIds: m.clobTokenIds,
        slug: m.slug ?? `${e.slug}-${m.id}`,
        active: m.active ?? e.active,
        closed: m.closed ?? e.closed,
        description: m.description,
        startDate: optionalDate(m.startDate) ?? startDate,
        endDate: optionalDate(m.endDate) ?? e.endDate,
        image: m.image,
        volume: String(volume),
        volumeNum: volume,
        liquidity: String(liquidity),
        liquidityNum: liquidity,
        marketMakerAddress: m.marketMakerAddress,
        negRisk: m.negRisk ?? false,
        groupItemTitle: m.groupItemTitle,
        orderPriceMinTickSize: m.orderPriceMinTickSize.tick,
        orderMinSize: m.orderMinSize.size,
      };
    }),
  };
  // The contract schema has the last word on the shape that gets stored and served.
  const final = Event.safeParse(event);
  if (!final.success) {
    return {
      errors: final.error.issues.map((issue) => ({ field: fieldPath(issue.path), reason: issue.message })),
      warnings,
    };
  }
  return { event: final.data, errors, warnings };
}

/** Repeated tags/series on one event: the first one counts (the link table keys on the pair). */
function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/**
 * Every event of a file, plus the rules that span events: ids, slugs and market ids are unique in the
 * file, and a tag or series slug names one id only.
 */
export function normalizeEvents(raws: readonly unknown[]): NormalizeResult {
  const result: NormalizeResult = { events: [], indexes: [], errors: [], warnings: [] };
  const eventIds = new Map<string, number>();
  const eventSlugs = new Map<string, number>();
  const marketIds = new Map<string, number>();
  const tagSlugs = new Map<string, string>();
  const seriesSlugs = new Map<string, string>();

  raws.forEach((raw, index) => {
    const id = rawId(raw);
    const { event, errors, warnings } = normalizeEvent(raw);
    for (const w of warnings) result.warnings.push({ index, id, ...w });
    const fail = (field: string, reason: string) => result.errors.push({ index, id, field, reason });
    for (const e of errors) fail(e.field, e.reason);
    if (!event) return;

    const before = result.errors.length;
    const seenAt = eventIds.get(event.id);
    if (seenAt !== undefined) fail('id', `duplicate: event ${event.id} is also at index ${seenAt}`);
    const slugAt = eventSlugs.get(event.slug);
    if (slugAt !== undefined) fail('slug', `duplicate: slug "${event.slug}" is also used at index ${slugAt}`);
    event.markets.forEach((m, i) => {
      const at = marketIds.get(m.id);
      if (at !== undefined && at !== index)
        fail(`markets[${i}].id`, `duplicate: market ${m.id} also belongs to the event at index ${at}`);
    });
    const clash = (
      kind: string,
      slugs: Map<string, string>,
      items: { id: string; slug: string }[],
      key: string,
    ) =>
      items.forEach((item, i) => {
        const owner = slugs.get(item.slug);
        if (owner !== undefined && owner !== item.id)
          fail(`${key}[${i}].slug`, `${kind} slug "${item.slug}" is used by ${kind} ${owner} and ${item.id}`);
      });
    clash('tag', tagSlugs, event.tags, 'tags');
    clash('series', seriesSlugs, event.series, 'series');
    if (result.errors.length > before) return;

    eventIds.set(event.id, index);
    eventSlugs.set(event.slug, index);
    for (const m of event.markets) marketIds.set(m.id, index);
    for (const t of event.tags) tagSlugs.set(t.slug, t.id);
    for (const s of event.series) seriesSlugs.set(s.slug, s.id);
    result.events.push(event);
    result.indexes.push(index);
  });
  return result;
}
