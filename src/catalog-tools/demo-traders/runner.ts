import type { ExchangeAddresses } from '../../contract/orders';
import { eventTemper, measuresOf, PriceWalk } from '../demo-walk';
import { createRandom, type Random } from '../random';
import { levelSize, poisson, takerSize, WeightedPicker, weightOf } from './activity';
import { DemoClient, type OrderSpec, type Placed, type Send } from './client';
import type { DemoMarket } from './markets';
import { fillQuotes, ladder, orderFor, PRICE_ONE, type Quote, quietBand, quoteOf, requote } from './quoting';
import { demoWallet } from './wallets';

/**
 * The demo traders: a few market makers that keep levels on both sides of every open market around a
 * fair value walking like the histories, and takers that arrive at each market at a rate that follows
 * its volume, some large enough to move the price. They are clients of the trading interface
 * (client.ts): signed orders, Level 2, the same checks and the same writer as anyone's.
 *
 * Time is what `tick(seconds)` is told, so a test drives hours of trading in a few hundred steps and
 * the server's timer drives it in real time (start/stop). Budgets per second of that time bound what
 * the traders cost: signed orders, reads, takers.
 */

export interface TradersSettings {
  makers: number;
  takers: number;
  /** Levels per side of the busiest markets (`deepMarkets` of them), and of the others. */
  levels: number;
  deepMarkets: number;
  levelsElsewhere: number;
  /** Signed maker orders per second (a fresh catalog's first quotes take a while at this pace). */
  ordersPerSecond: number;
  /** Reads per second (a market's resting orders and inventory, read again after trades). */
  readsPerSecond: number;
  /** Takers arriving per second, over all markets. */
  takersPerSecond: number;
  /**
   * A market's orders and inventory are read again at least this often: what the takers do to them is
   * followed without reading, what other people do is seen then.
   */
  refreshEverySeconds: number;
  /** Paper collateral (base units) a wallet is kept above, and what a top-up brings it to. */
  makerLow: number;
  makerFunds: number;
  takerLow: number;
  takerFunds: number;
}

/**
 * Sized for < 10% of one core on the default catalog (docs/performance.md, Demo traders): the server's
 * share of an order is ~2 ms of CPU on the embedded database, its catalog follower's another few per
 * market that moved.
 */
export const DEFAULT_SETTINGS: TradersSettings = {
  makers: 4,
  takers: 6,
  levels: 3,
  deepMarkets: 100,
  levelsElsewhere: 2,
  ordersPerSecond: 12,
  readsPerSecond: 3,
  takersPerSecond: 2,
  refreshEverySeconds: 6 * 3_600,
  makerLow: 200_000e6,
  makerFunds: 1_000_000e6,
  takerLow: 20_000e6,
  takerFunds: 100_000e6,
};

export interface RunnerDeps {
  send: Send;
  clobBase: string;
  chainId: number;
  l1DomainName?: string;
  /** The version-1 exchanges (the server's configuration). */
  exchanges: ExchangeAddresses;
  /** The secret the wallets' keys are derived from. */
  walletSecret: Uint8Array;
  /** The catalog's seed: each event's walk keeps the temperament of its history. */
  seed: string;
  /** This run's random draws (a test's is fixed; the server's differs at each start). */
  runSeed: string;
  loadMarkets: () => Promise<DemoMarket[]>;
  /** Credits paper collateral through the ledger, several wallets at once (index.ts). */
  fund: (credits: { address: string; amount: number }[]) => Promise<void>;
  /**
   * Once a minute, a tenth of the markets (all of them every 10 minutes): record a point at their
   * catalog price where their chart ends more than a few minutes ago (index.ts, history-to-now.ts).
   */
  keepHistories?: (marketIds: string[]) => Promise<void>;
  log?: (level: 'info' | 'warn' | 'debug', message: string, details?: object) => void;
  settings?: Partial<TradersSettings>;
}

/** What the traders did so far (tests and the measurements read it). */
export interface TradersStats {
  ticks: number;
  placed: number;
  cancelled: number;
  takerOrders: number;
  takerFills: number;
  reads: number;
  refused: Record<string, number>;
  funded: number;
  errors: number;
}

interface MarketState {
  market: DemoMarket;
  weight: number;
  size: number;
  /** Levels per side it gets, and it has for now (a fresh book: the best level everywhere first). */
  levels: number;
  depth: number;
  walk: PriceWalk;
  leg: number;
  maker: number;
  /** The maker's resting orders here as it last knew them; null: to be read. */
  quotes: Quote[] | null;
  /** Its free shares of outcome 0 and 1, centishares (0 until read). */
  held: { yes: number; no: number };
  /** Traded since last read: read its orders and inventory again before quoting. */
  dirty: boolean;
  /** Fair values (1/10,000) its quotes are fine for while they do not change (quoting.ts quietBand). */
  band: { lo: number; hi: number } | null;
  /** No longer tradable (closed by an import or a sync since the start): left alone. */
  gone: boolean;
  readAt: number;
}

interface Wallet {
  client: DemoClient;
  needsFunds: boolean;
}

interface Taker extends Wallet {
  /** Shares it bought this run, by token (centishares): what it may sell. */
  held: Map<string, number>;
}

export class DemoTraders {
  readonly stats: TradersStats = {
    ticks: 0,
    placed: 0,
    cancelled: 0,
    takerOrders: 0,
    takerFills: 0,
    reads: 0,
    refused: {},
    funded: 0,
    errors: 0,
  };
  private readonly settings: TradersSettings;
  private readonly rng: Random;
  private markets: MarketState[] = [];
  private walks: PriceWalk[] = [];
  private picker = new WeightedPicker<MarketState>([], () => 1);
  private clock = 0;
  private orderBudget = 0;
  private readBudget = 0;
  private lastFundCheck = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;

  private constructor(
    private readonly deps: RunnerDeps,
    private readonly makers: Wallet[],
    private readonly takers: Taker[],
  ) {
    this.settings = { ...DEFAULT_SETTINGS, ...deps.settings };
    this.rng = createRandom(deps.runSeed);
  }

  /** Connects every wallet (a key each), funds those below their floor, reads the markets and quotes. */
  static async create(deps: RunnerDeps): Promise<DemoTraders> {
    const settings = { ...DEFAULT_SETTINGS, ...deps.settings };
    const options = {
      send: deps.send,
      clobBase: deps.clobBase,
      chainId: deps.chainId,
      exchanges: deps.exchanges,
      ...(deps.l1DomainName ? { l1DomainName: deps.l1DomainName } : {}),
    };
    const connect = async (role: 'maker' | 'taker', i: number) =>
      DemoClient.connect(await demoWallet(deps.walletSecret, role, i), options);
    const makers = await Promise.all(
      Array.from({ length: settings.makers }, async (_, i) => ({
        client: await connect('maker', i),
        needsFunds: true,
      })),
    );
    const takers = await Promise.all(
      Array.from({ length: settings.takers }, async (_, i) => ({
        client: await connect('taker', i),
        needsFunds: true,
        held: new Map<string, number>(),
      })),
    );
    const traders = new DemoTraders(deps, makers, takers);
    await traders.fundWallets();
    await traders.loadMarkets();
    return traders;
  }

  /** Runs in real time: a tick every `everyMs` (told the time that really passed), until stop(). */
  start(everyMs = 1_000): void {
    let last = performance.now();
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        const now = performance.now();
        const seconds = Math.min(5, (now - last) / 1000);
        last = now;
        this.running = this.tick(seconds)
          .catch((err: unknown) => {
            this.stats.errors++;
            this.deps.log?.('warn', 'demo traders: a tick failed', { err: String(err) });
          })
          .finally(next);
      }, everyMs);
      this.timer.unref();
    };
    next();
  }

  /** Stops the timer, lets the tick under way finish, and revokes the session keys. Orders stay. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.allSettled([...this.makers, ...this.takers].map((w) => w.client.close()));
  }

  get marketCount(): number {
    return this.markets.length;
  }

  /** The fair value of a market's outcome 0 (tests). */
  fairOf(marketId: string): number | undefined {
    const state = this.markets.find((m) => m.market.id === marketId);
    return state?.walk.price(state.leg);
  }

  /** One step of `seconds`: prices walk, takers trade, makers quote, wallets are topped up. */
  async tick(seconds: number): Promise<void> {
    const s = this.settings;
    this.clock += seconds;
    this.stats.ticks++;
    for (const walk of this.walks) walk.advance(seconds);
    this.orderBudget = Math.min(this.orderBudget + s.ordersPerSecond * seconds, s.ordersPerSecond * 5 + 30);
    this.readBudget = Math.min(this.readBudget + s.readsPerSecond * seconds, s.readsPerSecond * 5 + 10);
    await this.takersTrade(seconds);
    await this.makersQuote();
    if (this.clock - this.lastFundCheck >= 60) {
      this.lastFundCheck = this.clock;
      await this.fundWallets();
      await this.keepHistories();
      this.report();
    }
  }

  private historySlice = 0;

  private async keepHistories(): Promise<void> {
    if (!this.deps.keepHistories || this.markets.length === 0) return;
    const size = Math.ceil(this.markets.length / 10);
    const from = (this.historySlice * size) % this.markets.length;
    this.historySlice = (this.historySlice + 1) % 10;
    const ids = this.markets.slice(from, from + size).map((m) => m.market.id);
    await this.safely(() => this.deps.keepHistories!(ids), undefined);
  }

  private reported: TradersStats | null = null;
  private reportedAt = 0;

  /** What they did since the last report: every minute at debug level, every 10 minutes at info. */
  private report(): void {
    const last = this.reported;
    const delta = Object.fromEntries(
      Object.entries(this.stats).map(([k, v]) => [
        k,
        typeof v === 'number' ? v - ((last?.[k as keyof TradersStats] as number) ?? 0) : v,
      ]),
    );
    const quoted = this.markets.filter((m) => m.quotes !== null && m.quotes.length > 0).length;
    this.deps.log?.('debug', 'demo traders: the last minute', {
      ...delta,
      quoted,
      markets: this.markets.length,
    });
    if (this.clock - this.reportedAt >= 600) {
      this.reportedAt = this.clock;
      this.deps.log?.('info', 'demo traders', { ...this.stats, quoted, markets: this.markets.length });
    }
    this.reported = structuredClone(this.stats);
  }

  private async loadMarkets(): Promise<void> {
    const found = await this.deps.loadMarkets();
    const states: MarketState[] = [];
    this.walks = [];
    for (const { members, directions } of walkGroups(found)) {
      const prices = members.map((m) => m.price);
      const temper = eventTemper(this.deps.seed, members[0]!.eventId);
      const rng = createRandom(`${this.deps.runSeed}:walk:${members[0]!.id}`);
      const walk = directions
        ? PriceWalk.together(prices, directions, temper, rng)
        : new PriceWalk(prices, members.length > 1, temper, rng);
      this.walks.push(walk);
      members.forEach((market, leg) => {
        const weight = weightOf(market);
        states.push({
          market,
          weight,
          size: levelSize(weight),
          levels: this.settings.levelsElsewhere,
          depth: 1,
          walk,
          leg,
          maker: hash(market.id) % this.makers.length,
          quotes: null,
          held: { yes: 0, no: 0 },
          dirty: false,
          band: null,
          gone: false,
          // Spread over the refresh period, so the reads do not all fall due together.
          readAt: this.clock - this.rng.float(0, this.settings.refreshEverySeconds),
        });
      });
    }
    // In the order of the dashboard's front page (events by volume, then their markets): the markets
    // people see first get their books first, and the deepest ones.
    states.sort(
      (a, b) =>
        b.market.eventVolume - a.market.eventVolume ||
        a.market.eventId.localeCompare(b.market.eventId) ||
        b.market.volume - a.market.volume,
    );
    states.forEach((m, rank) => {
      if (rank < this.settings.deepMarkets) m.levels = m.depth = this.settings.levels;
    });
    this.markets = states;
    this.picker = new WeightedPicker(states, (m) => m.weight);
    // What each maker already has on the books (orders of earlier runs stay): one listing per maker.
    await Promise.all(
      this.makers.map(async (maker, i) => {
        const mine = states.filter((m) => m.maker === i);
        const byToken = new Map<string, MarketState>();
        for (const m of mine) {
          m.quotes = [];
          byToken.set(m.market.tokens[0], m);
          byToken.set(m.market.tokens[1], m);
        }
        const orders = await maker.client.restingOrders();
        this.stats.reads++;
        const stray: string[] = [];
        for (const order of orders) {
          const m = byToken.get(order.tokenId);
          const quote = m ? quoteOf(order, m.market) : null;
          if (m && quote) {
            m.quotes!.push(quote);
            // A book quoted before keeps the depth it had; its inventory is read with its next refresh.
            m.depth = m.levels;
          } else stray.push(order.id);
        }
        // Orders on markets no longer traded here (settled, or another maker's now): withdrawn.
        if (stray.length > 0) this.stats.cancelled += (await maker.client.cancel(stray)).length;
      }),
    );
  }

  private async takersTrade(seconds: number): Promise<void> {
    const arrivals = Math.min(60, poisson(this.rng, this.settings.takersPerSecond * seconds));
    const byTaker = new Map<Taker, { market: MarketState; up: boolean; order: OrderSpec }[]>();
    for (let i = 0; i < arrivals; i++) {
      const market = this.picker.pick(this.rng);
      if (!market) return;
      if (market.gone) continue;
      const taker = this.takers[this.rng.int(0, this.takers.length - 1)]!;
      const up = this.rng.chance(0.5);
      const size = takerSize(this.rng, market.size);
      const fair = market.walk.price(market.leg) * PRICE_ONE;
      // Up to about three levels through the book, and no further.
      const worst = up
        ? Math.min(PRICE_ONE - 100, Math.ceil(fair / 100) * 100 + 200)
        : Math.max(100, Math.floor(fair / 100) * 100 - 200);
      const [yes, no] = market.market.tokens;
      // Selling what it holds of the other side moves the price the same way as buying this one.
      const sellToken = up ? no : yes;
      const order: OrderSpec =
        (taker.held.get(sellToken) ?? 0) >= size
          ? {
              tokenId: sellToken,
              negRisk: market.market.negRisk,
              side: 'SELL',
              price: up ? PRICE_ONE - worst : worst,
              size,
              type: 'FAK',
            }
          : {
              tokenId: up ? yes : no,
              negRisk: market.market.negRisk,
              side: 'BUY',
              price: up ? worst : PRICE_ONE - worst,
              size,
              type: 'FAK',
            };
      byTaker.set(taker, [...(byTaker.get(taker) ?? []), { market, up, order }]);
    }
    await Promise.all(
      [...byTaker].map(async ([taker, trades]) => {
        const answers = await this.safely(() => taker.client.place(trades.map((t) => t.order)), []);
        this.stats.takerOrders += trades.length;
        answers.forEach((answer, i) => {
          const { market, up, order } = trades[i]!;
          if (!answer.ok) {
            if (this.refused(answer.error, taker) === 'no book') market.gone = true;
            return;
          }
          // Whole centishares of shares: what the order bought (BUY takes shares) or sold (SELL makes them).
          const shares = Math.round((order.side === 'BUY' ? answer.taking : answer.making) * 100);
          if (shares <= 0) return;
          this.stats.takerFills++;
          const before = taker.held.get(order.tokenId) ?? 0;
          taker.held.set(order.tokenId, before + (order.side === 'BUY' ? shares : -shares));
          // The maker's quotes it took, followed without reading them back; others' orders too: read.
          const limit = order.tokenId === market.market.tokens[0] ? order.price : PRICE_ONE - order.price;
          market.band = null;
          if (market.quotes && fillQuotes(market.quotes, market.held, up ? 'ask' : 'bid', shares, limit) > 0)
            market.dirty = true;
          // A trade moves the fair value its way, more for a larger one (a few ticks for a sweep).
          market.walk.nudge(market.leg, (up ? 1 : -1) * Math.min(0.25, (0.02 * shares) / market.size));
        });
      }),
    );
  }

  private async makersQuote(): Promise<void> {
    const work = new Map<number, { read: MarketState[]; quote: MarketState[] }>();
    const planned = new Set<MarketState>();
    const plan = (m: MarketState) => {
      const w = work.get(m.maker) ?? { read: [], quote: [] };
      work.set(m.maker, w);
      planned.add(m);
      return w;
    };
    for (const m of this.markets) {
      // Out of orders for this step: the rest waits (and costs nothing to look at).
      if (this.orderBudget < 1) break;
      if (m.gone) continue;
      const stale =
        m.quotes === null || m.dirty || this.clock - m.readAt >= this.settings.refreshEverySeconds;
      if (stale) {
        // Three reads (its orders, its free shares of both outcomes), then at most a full ladder.
        const most = this.wanted(m).length;
        if (this.readBudget < 3 || this.orderBudget < most) continue;
        this.readBudget -= 3;
        this.orderBudget -= most;
        plan(m).read.push(m);
        plan(m).quote.push(m);
        continue;
      }
      // Most markets, most ticks: the fair value is still inside the band its quotes are fine for.
      const fair = m.walk.price(m.leg) * PRICE_ONE;
      if (m.band && fair >= m.band.lo && fair <= m.band.hi) continue;
      const wanted = this.wanted(m);
      m.band = quietBand(m.quotes!, wanted, TICK);
      if (m.band && fair >= m.band.lo && fair <= m.band.hi) continue;
      m.band = null;
      const change = requote(m.quotes!, wanted);
      if (change.place.length === 0 && change.cancel.length === 0) continue;
      if (this.orderBudget < change.place.length) continue;
      this.orderBudget -= change.place.length;
      plan(m).quote.push(m);
    }
    // Budget left over: deepen the books that have their best level, front page first.
    for (const m of this.markets) {
      if (this.orderBudget < 2 * (m.levels - m.depth) + 1) break;
      if (m.depth >= m.levels || m.quotes === null || m.dirty || m.gone || planned.has(m)) continue;
      this.orderBudget -= 2 * (m.levels - m.depth);
      m.depth = m.levels;
      m.band = null;
      plan(m).quote.push(m);
    }
    await Promise.all([...work].map(([i, w]) => this.makerRound(this.makers[i]!, w.read, w.quote)));
  }

  private wanted(m: MarketState) {
    return ladder(m.walk.price(m.leg), { levels: m.depth, size: m.size, tick: TICK });
  }

  /** One maker's round: read what must be read, withdraw what is off, place what is missing. */
  private async makerRound(maker: Wallet, read: MarketState[], quote: MarketState[]): Promise<void> {
    const client = maker.client;
    for (const m of read) {
      const ok = await this.safely(async () => {
        const [orders, yes, no] = await Promise.all([
          client.restingOrders(m.market.conditionId),
          client.freeBalance(m.market.tokens[0]),
          client.freeBalance(m.market.tokens[1]),
        ]);
        this.stats.reads += 3;
        m.quotes = orders.flatMap((o) => quoteOf(o, m.market) ?? []);
        m.band = null;
        m.held = { yes: Number(yes / 10_000n), no: Number(no / 10_000n) };
        m.dirty = false;
        m.readAt = this.clock;
        return true;
      }, false);
      if (!ok) m.quotes = null;
    }
    const plans = quote
      .filter((m) => m.quotes !== null)
      .map((m) => ({ m, ...requote(m.quotes!, this.wanted(m)) }));
    const cancel = plans.flatMap((p) => p.cancel);
    if (cancel.length > 0) {
      const done = await this.safely(() => client.cancel(cancel), null);
      if (done === null) return;
      this.stats.cancelled += done.length;
      const gone = new Set(cancel);
      // Not cancelled means already filled or gone: either way no longer there.
      for (const p of plans) {
        p.m.quotes = p.m.quotes!.filter((q) => !gone.has(q.id));
        p.m.band = null;
      }
    }
    const orders: { m: MarketState; level: (typeof plans)[number]['place'][number]; spec: OrderSpec }[] = [];
    for (const p of plans) {
      const held = { ...p.m.held };
      for (const level of p.place) {
        const spec = orderFor(level, p.m.market, held);
        // Shares put up for sale are no longer free for the next level.
        if (spec.side === 'SELL') held[spec.tokenId === p.m.market.tokens[0] ? 'yes' : 'no'] -= level.size;
        orders.push({ m: p.m, level, spec });
      }
      p.m.held = held;
    }
    if (orders.length === 0) return;
    const answers: Placed[] = await this.safely(() => client.place(orders.map((o) => o.spec)), []);
    answers.forEach((answer, i) => {
      const { m, level, spec } = orders[i]!;
      if (answer.ok && answer.status === 'live') {
        this.stats.placed++;
        m.quotes!.push({ ...level, id: answer.orderId, sells: spec.side === 'SELL' });
        m.band = null;
      } else if (answer.ok) {
        this.stats.placed++;
        m.dirty = true;
      } else if (this.refused(answer.error, maker) === 'no book') {
        // Closed since (a sync or an import): the exchange cancelled its orders; left alone from now.
        m.gone = true;
      } else {
        // A refusal for want of shares or cash: read the truth again before the next quote.
        m.dirty = true;
      }
    });
  }

  /** Tops up wallets whose free collateral fell below their floor, in one ledger transaction. */
  private async fundWallets(): Promise<void> {
    const s = this.settings;
    const wallets = [
      ...this.makers.map((w) => ({ w, low: s.makerLow, funds: s.makerFunds })),
      ...this.takers.map((w) => ({ w, low: s.takerLow, funds: s.takerFunds })),
    ].filter(({ w }) => w.needsFunds);
    const credits: { address: string; amount: number }[] = [];
    for (const { w, low, funds } of wallets) {
      const free = await this.safely(() => w.client.freeBalance(), null);
      this.stats.reads++;
      if (free === null) continue;
      w.needsFunds = false;
      if (free < BigInt(low)) credits.push({ address: w.client.address, amount: funds - Number(free) });
    }
    if (credits.length === 0) return;
    await this.deps.fund(credits);
    this.stats.funded += credits.length;
  }

  /** Counts a refusal by its reason (the reference's sentences), and returns the reason. */
  private refused(error: string, wallet: Wallet): string {
    const reason = /balance/i.test(error)
      ? 'balance'
      : /orderbook/i.test(error)
        ? 'no book'
        : /cross/i.test(error)
          ? 'crosses'
          : /fill|match/i.test(error)
            ? 'no match'
            : error.slice(0, 60);
    this.stats.refused[reason] = (this.stats.refused[reason] ?? 0) + 1;
    if (reason === 'balance') wallet.needsFunds = true;
    return reason;
  }

  private async safely<T>(work: () => Promise<T>, otherwise: T): Promise<T> {
    try {
      return await work();
    } catch (err) {
      this.stats.errors++;
      this.deps.log?.('debug', 'demo traders: a request failed', { err: String(err) });
      return otherwise;
    }
  }
}

/** Every market's tick today (exchange markets.ts: 0.01). */
const TICK = 100;

/** A small stable hash of a market id (which maker quotes it). */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Which markets' fair values walk as one (demo-walk.ts): a negative-risk event's Yes prices keep their
 * sum; the other markets of an event with several are its lines, which move together by measure
 * (`measuresOf`), so they never cross. Any other market alone.
 */
export function walkGroups(
  markets: readonly DemoMarket[],
): { members: DemoMarket[]; directions: (1 | -1)[] | null }[] {
  const byEvent = new Map<string, { group: DemoMarket[]; lines: DemoMarket[] }>();
  for (const m of markets) {
    const event = byEvent.get(m.eventId) ?? { group: [], lines: [] };
    (m.negRisk ? event.group : event.lines).push(m);
    byEvent.set(m.eventId, event);
  }
  return [...byEvent.values()].flatMap(({ group, lines }) => [
    ...(group.length > 0 ? [{ members: group, directions: null }] : []),
    ...(lines.length > 1
      ? measuresOf(lines, (m) => m.outcomes)
      : lines.map((m) => ({ members: [m], directions: null }))),
  ]);
}
