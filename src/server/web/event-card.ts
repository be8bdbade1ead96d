import type { Event, Market } from '../../contract/catalog';
import { formatMoney } from '../../contract/money';
import { marketName } from '../../contract/market-name';

/**
 * What the embed card and the Open Graph image say about an event: its leading outcomes with their
 * chances and 24-hour changes, its volume, and the token whose history the card's chart draws. Read
 * from the event's served document; anything unreadable (a price that is not a number) degrades to
 * "no price" rather than failing the card.
 */

export interface CardOutcome {
  /** The market's short name in a multi-market event, or the outcome's name ("Yes"). */
  label: string;
  /** 0…1, or null when unreadable. */
  chance: number | null;
  /** The 24-hour change in price units (0.021 = 2.1 points), or null when unknown. */
  change: number | null;
  /** The Yes token whose book moves this chance live (clobTokenIds[0]), for a tradable market only. */
  token: string | null;
}

export interface EventCard {
  slug: string;
  title: string;
  /** At most MAX_OUTCOMES, the most likely first. */
  outcomes: CardOutcome[];
  volume: number;
  closed: boolean;
  /** The token the chart draws (the leading outcome's), or null when none. */
  chartToken: string | null;
}

export const MAX_OUTCOMES = 3;

function jsonArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function price(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

const change = (market: Market) =>
  typeof market.oneDayPriceChange === 'number' && Number.isFinite(market.oneDayPriceChange)
    ? market.oneDayPriceChange
    : null;

const firstToken = (market: Market) => {
  const token = jsonArray(market.clobTokenIds)[0];
  return typeof token === 'string' && token !== '' ? token : null;
};

/** The exchange's rule (markets.ts isTradable): active, not closed, two tokens. */
const liveToken = (market: Market) =>
  market.active && !market.closed && jsonArray(market.clobTokenIds).length === 2 ? firstToken(market) : null;

export function eventCard(event: Event): EventCard {
  const base = {
    slug: event.slug,
    title: event.title,
    volume: Number.isFinite(event.volume) ? event.volume : 0,
    closed: event.closed,
  };
  const markets = Array.isArray(event.markets) ? event.markets : [];
  if (markets.length === 1) {
    const market = markets[0] as Market;
    const label = jsonArray(market.outcomes)[0];
    return {
      ...base,
      outcomes: [
        {
          label: typeof label === 'string' ? label : 'Yes',
          chance: price(jsonArray(market.outcomePrices)[0]),
          change: change(market),
          token: liveToken(market),
        },
      ],
      chartToken: firstToken(market),
    };
  }
  // A multi-market event: its open markets (all of them when every one is closed) by their Yes price.
  const open = markets.filter((m) => !m.closed);
  const ranked = (open.length > 0 ? open : markets)
    .map((market) => ({ market, chance: price(jsonArray(market.outcomePrices)[0]) }))
    .sort((a, b) => (b.chance ?? -1) - (a.chance ?? -1))
    .slice(0, MAX_OUTCOMES);
  return {
    ...base,
    outcomes: ranked.map(({ market, chance }) => ({
      label: withOutcome(market),
      chance,
      change: change(market),
      token: liveToken(market),
    })),
    chartToken: ranked[0] ? firstToken(ranked[0].market) : null,
  };
}

/**
 * A market's name, with the outcome its chance is of when that is not "Yes": "… O/U 224.5 · Over" at 14%,
 * which the name alone would leave the reader to guess.
 */
function withOutcome(market: Market): string {
  const first = jsonArray(market.outcomes)[0];
  const name = marketName(market);
  return typeof first === 'string' && first.trim().toLowerCase() !== 'yes' ? `${name} · ${first}` : name;
}

/** `63%`, `<1%`, `>99%`, `—`: whole points, as a card shows a chance. */
export function formatChance(chance: number | null): string {
  if (chance === null) return '—';
  const percent = chance * 100;
  if (percent > 0 && percent < 0.5) return '<1%';
  if (percent < 100 && percent >= 99.5) return '>99%';
  return `${Math.round(percent)}%`;
}

/** `▲ 2.1` / `▼ 12` points over 24 hours, or null when it rounds to nothing (or is unknown). */
export function formatChange(change: number | null): { text: string; up: boolean } | null {
  if (change === null) return null;
  const points = change * 100;
  const shown = Math.abs(points) < 10 ? Math.round(Math.abs(points) * 10) / 10 : Math.round(Math.abs(points));
  if (shown === 0) return null;
  return { text: `${points > 0 ? '▲' : '▼'} ${shown}`, up: points > 0 };
}

/** `$1.2M`, `$950`, `$0`: the dashboard's money (contract/money.ts); an unknown volume reads `$0`. */
export function formatVolume(value: number): string {
  return Number.isFinite(value) && value >= 0 ? formatMoney(value) : '$0';
}
