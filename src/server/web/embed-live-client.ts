/**
 * The embed card's live script (`/embed/live.js`, docs/api.md §6b "Live"): plain DOM, no framework,
 * no imports (the server minifies this one file at start: embed-live.ts). It only enhances the card,
 * which is whole without it. Once the card is on screen it opens the market channel (`data-live` on
 * the card: the channel's path on the card's own origin), subscribes to the Yes token of each live
 * chance (`data-token`), and rewrites that chance, and its 24-hour change (`data-day-ago`: the price
 * 24 hours ago), whenever the book's displayed price moves. No aria-live: the chances change quietly.
 *
 * The displayed price is the catalog's rule (src/engine/prices.ts `displayedPrice`): the midpoint of
 * the best bid and ask while the spread is at most 0.10, else the last trade's price; with neither, the
 * chance stays as served (the catalog keeps its price too). The best prices come from the `book`
 * snapshot, then from each `price_change` (its `best_bid`/`best_ask`, "0"/"1" for an empty side) or
 * `best_bid_ask`; the last trade from the snapshot's `last_trade_price`, then `last_trade_price`
 * messages. Prices are kept in 1/10,000 as the exchange keeps them. embed-live.test.ts checks the
 * rule and the figures against the server's own (displayedPrice, formatChance, formatChange).
 */

/** A token's quote in 1/10,000 (null: none). */
export interface LiveQuote {
  bid: number | null;
  ask: number | null;
  last: number | null;
}

const UNIT = 10_000;

/** "0.53" → 5300; null when it is not a price in [0, 1]. */
export const units = (v: unknown): number | null => {
  const n = typeof v === 'string' && v !== '' ? Number(v) : Number.NaN;
  return n >= 0 && n <= 1 ? Math.round(n * UNIT) : null;
};

/** The catalog's displayed price (prices.ts): midpoint while the spread is ≤ 0.10, else the last trade. */
export const shown = (q: LiveQuote): number | null =>
  q.bid !== null && q.ask !== null && q.ask - q.bid <= 1_000 ? (q.bid + q.ask) / 2 : q.last;

/** `63%`, `<1%`, `>99%`, as the card shows a chance (event-card.ts formatChance). */
export const chanceText = (price: number): string => {
  // As the server computes it from the catalog's price (0.145 × 100 is 14.499…: 14%).
  const percent = (price / UNIT) * 100;
  return percent > 0 && percent < 0.5
    ? '<1%'
    : percent < 100 && percent >= 99.5
      ? '>99%'
      : `${Math.round(percent)}%`;
};

/** A change in price (0.021) as `▲ 2.1` / `▼ 12` points, '' when it rounds to nothing (event-card.ts formatChange). */
export const changeText = (change: number): string => {
  const points = change * 100;
  const a = Math.abs(points);
  const r = a < 10 ? Math.round(a * 10) / 10 : Math.round(a);
  return r ? `${points > 0 ? '▲' : '▼'} ${r}` : '';
};

/** What a screen reader is told of a change (`▲ 2.1`): its words, not the arrow, and its window. */
export const changeLabel = (text: string): string =>
  `${text.startsWith('▲') ? 'up' : 'down'} ${text.slice(2)} points in 24 hours`;

/** The best of a book side: bids ascending and asks descending, best last (but read either way). */
const best = (levels: unknown, pick: (...n: number[]) => number): number | null => {
  const prices = (Array.isArray(levels) ? levels : [])
    .filter((l) => Number((l as { size?: unknown })?.size) > 0)
    .map((l) => units((l as { price?: unknown })?.price))
    .filter((p): p is number => p !== null);
  return prices.length ? pick(...prices) : null;
};

/** A best price of a message: "0" (no bid) and "1" (no ask) are no price. */
const edge = (v: unknown): number | null => {
  const p = units(v);
  return p === null || p <= 0 || p >= UNIT ? null : p;
};

/** Applies one message of the market channel to the quotes it concerns; returns the tokens it touched. */
export function apply(quotes: Map<string, LiveQuote>, m: Record<string, unknown>): string[] {
  const q = quotes.get(m.asset_id as string);
  switch (m.event_type) {
    case 'book':
      if (!q) return [];
      q.bid = best(m.bids, Math.max);
      q.ask = best(m.asks, Math.min);
      q.last = units(m.last_trade_price);
      return [m.asset_id as string];
    case 'best_bid_ask':
      if (!q) return [];
      q.bid = edge(m.best_bid);
      q.ask = edge(m.best_ask);
      return [m.asset_id as string];
    case 'last_trade_price': {
      const p = units(m.price);
      if (!q || p === null) return [];
      q.last = p;
      return [m.asset_id as string];
    }
    case 'price_change': {
      const touched: string[] = [];
      for (const c of Array.isArray(m.price_changes) ? m.price_changes : []) {
        const token = (c as { asset_id?: unknown })?.asset_id as string;
        const quote = quotes.get(token);
        if (!quote) continue;
        quote.bid = edge(c.best_bid);
        quote.ask = edge(c.best_ask);
        touched.push(token);
      }
      return touched;
    }
    default:
      return [];
  }
}

/** The reference's clients ping every 10 s; reconnects wait 1 s, 2 s, 4 s … 60 s (±25 %). */
const PING_MS = 10_000;
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000];
/** Hidden this long (another tab, a minimised window), the card lets its connection go. */
const HIDDEN_MS = 60_000;

function start(): void {
  const card = document.querySelector<HTMLElement>('[data-live]');
  const chances = document.querySelectorAll<HTMLElement>('[data-token]');
  if (!card || chances.length === 0 || typeof WebSocket === 'undefined') return;
  const url = new URL(card.dataset.live as string, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const quotes = new Map<string, LiveQuote>();
  for (const el of chances) quotes.set(el.dataset.token as string, { bid: null, ask: null, last: null });
  const hello = JSON.stringify({ type: 'market', assets_ids: [...quotes.keys()] });

  let socket: WebSocket | null = null;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let sleep: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  /** Connected or reconnecting (false once stopped while hidden). */
  let wanted = false;
  /** The card has been on screen: only then does it connect. */
  let shownOnce = false;

  const update = (token: string) => {
    const price = shown(quotes.get(token) as LiveQuote);
    if (price === null) return;
    for (const el of chances) {
      if (el.dataset.token !== token) continue;
      const text = chanceText(price);
      if (el.textContent !== text) el.textContent = text;
      const dayAgo = el.dataset.dayAgo;
      const row = el.parentElement;
      if (dayAgo === undefined || !row) continue;
      // In ten-thousandths, as the catalog rounds oneDayPriceChange.
      const moved = changeText(Math.round(price - Number(dayAgo) * UNIT) / UNIT);
      let change = row.querySelector<HTMLElement>('.change');
      if (!moved) {
        change?.remove();
        continue;
      }
      if (!change) {
        change = document.createElement('span');
        change.title = '24-hour change, in points';
        row.append(change);
      }
      change.className = `change ${moved[0] === '▲' ? 'up' : 'down'}`;
      change.setAttribute('role', 'img');
      change.setAttribute('aria-label', changeLabel(moved));
      change.textContent = moved;
    }
  };

  const read = (data: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    for (const m of Array.isArray(parsed) ? parsed : [parsed])
      if (m && typeof m === 'object') for (const token of apply(quotes, m)) update(token);
  };

  const connect = () => {
    retry = undefined;
    let s: WebSocket;
    try {
      s = new WebSocket(url.href);
    } catch {
      later();
      return;
    }
    socket = s;
    s.onopen = () => {
      attempt = 0;
      s.send(hello);
      ping = setInterval(() => s.readyState === 1 && s.send('PING'), PING_MS);
    };
    s.onmessage = (e) => {
      try {
        if (typeof e.data === 'string' && e.data !== 'PONG') read(e.data);
      } catch {
        // A message this card cannot read changes nothing.
      }
    };
    s.onclose = () => {
      clearInterval(ping);
      if (socket !== s) return;
      socket = null;
      later();
    };
  };

  const later = () => {
    if (!wanted) return;
    const wait =
      (BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)] as number) * (0.75 + Math.random() / 2);
    retry = setTimeout(connect, wait);
  };

  const stop = () => {
    wanted = false;
    clearTimeout(retry);
    retry = undefined;
    const s = socket;
    socket = null;
    s?.close();
  };

  const resume = () => {
    wanted = true;
    attempt = 0;
    if (!socket && !retry) connect();
  };

  document.addEventListener('visibilitychange', () => {
    clearTimeout(sleep);
    if (document.hidden) sleep = setTimeout(stop, HIDDEN_MS);
    else if (!wanted && shownOnce) resume();
  });

  // Connect once the card is on screen (a frame far down another site's page waits until scrolled to).
  const show = () => {
    if (shownOnce) return;
    shownOnce = true;
    if (!document.hidden) resume();
  };
  if (typeof IntersectionObserver === 'undefined') show();
  else {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        show();
      }
    });
    seen.observe(card);
  }
}

if (typeof document !== 'undefined') {
  try {
    start();
  } catch {
    // The card is whole without its live figures.
  }
}
