import type { Event, Market, Series, Tag, TagWithCount } from '../../../../contract/catalog';

/**
 * Catalog answers are read here, once, as they arrive: components then trust the types. Lenient where
 * real data is untidy (another deployment, an older server, a real-world import): a missing text is
 * empty, a missing number 0, an unreadable tag, series or market is left out, and an item that is not
 * an event at all is skipped rather than breaking the list. A market's encoded outcome fields are read
 * by lib/decode-market. Hand-written, not a schema: the catalog pages' bundle carries no schema library.
 */
type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Ids travel as decimal strings; a number (another deployment) is read as one. */
const id = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number' && Number.isSafeInteger(value)
      ? String(value)
      : null;

const amount = (value: unknown): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};

/** Every entry of `value` that `decode` can read; a missing or non-array `value` is no entries. */
function listOf<T>(value: unknown, decode: (item: unknown) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const decoded = decode(item);
    return decoded === null ? [] : [decoded];
  });
}

export function decodeTag(value: unknown): Tag | null {
  if (!isObject(value)) return null;
  const tagId = id(value.id);
  return tagId === null
    ? null
    : { id: tagId, label: text(value.label) || text(value.slug), slug: text(value.slug) };
}

export function decodeTagWithCount(value: unknown): TagWithCount | null {
  const tag = decodeTag(value);
  return tag && isObject(value)
    ? {
        ...tag,
        eventCount: Math.max(0, Math.trunc(amount(value.eventCount))),
        activeEventCount: Math.max(0, Math.trunc(amount(value.activeEventCount))),
      }
    : null;
}

export function decodeSeries(value: unknown): Series | null {
  if (!isObject(value)) return null;
  const seriesId = id(value.id);
  return seriesId === null ? null : { id: seriesId, slug: text(value.slug), title: text(value.title) };
}

/** The market as sent; its outcome fields stay raw for lib/decode-market, which reads every form of them. */
function decodeMarketEntry(value: unknown): Market | null {
  if (!isObject(value)) return null;
  return {
    ...(value as unknown as Market),
    id: id(value.id) ?? '',
    question: text(value.question),
    conditionId: text(value.conditionId),
  };
}

export function decodeEvent(value: unknown): Event | null {
  if (!isObject(value)) return null;
  const eventId = id(value.id);
  const slug = text(value.slug);
  if (eventId === null || slug === '') return null;
  return {
    id: eventId,
    slug,
    title: text(value.title),
    description: text(value.description),
    active: value.active === true,
    closed: value.closed === true,
    liquidity: amount(value.liquidity),
    volume: amount(value.volume),
    volume24hr: amount(value.volume24hr),
    startDate: text(value.startDate),
    endDate: text(value.endDate),
    image: text(value.image),
    tags: listOf(value.tags, decodeTag),
    series: listOf(value.series, decodeSeries),
    markets: listOf(value.markets, decodeMarketEntry),
  };
}

/** A list answer: the entries that decode (a list that is not an array is not an answer: null). */
export const decodeListOf =
  <T>(decode: (item: unknown) => T | null) =>
  (value: unknown): T[] | null =>
    Array.isArray(value) ? listOf(value, decode) : null;
