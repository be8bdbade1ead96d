import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Book } from '../../engine/book';
import { toOutcome0 } from '../../engine/prices';
import type { Fill, OrderIn, Outcome, RestingOrder, Side, TimeInForce } from '../../engine/types';
import { DEFAULT_ORDER_MIN_SIZE, DEFAULT_ORDER_TICK } from '../../contract/catalog';
import type { ErrorCode } from '../../contract/error-codes';
import { type Db, rows } from '../db/open';
import { arrayParam, PreparedStatement, runPrepared } from '../db/prepared';
import { BatchEvents, type BookChange, type OrderEvent, orderState, type RestingInfo } from './batch-events';
import {
  Holdings,
  holdingChangesParams,
  holdingChangesText,
  holdingKeysParams,
  storedHoldingsText,
} from './ledger/holdings';
import { claimDue } from './heartbeats';
import { readBooks, type StoredBook } from './live-orders';
import { coverOf, fillEffect, type PartyTerms, reservation, setsEffect } from './ledger/rules';
import { orderRules, type TradableMarket, untradable } from './markets';
import { type TickChange, takeTickChanges } from './tick-changes';
import { COLLATERAL } from './units';
import { expiredBy } from './gtd';

/** An order id as stored: the order's EIP-712 hash, lower case. */
const ORDER_ID = /^0x[0-9a-f]{64}$/;

/** What makes an L2 request single-use (docs/api.md §3): stored with the change it made. */
export interface SingleUse {
  apiKey: string;
  timestamp: number;
  signature: string;
}

/** An order that passed every check that needs no state (signature, tick, size…): the writer does the rest. */
export interface PlaceJob {
  kind: 'place';
  market: TradableMarket;
  tokenId: string;
  order: OrderIn;
  /** The API key that placed it. */
  owner: string;
  /** The signed order as posted, stored with the order as the record of what was signed. */
  signed: unknown;
  singleUse: SingleUse;
}

export interface CancelJob {
  kind: 'cancel';
  address: string;
  /** Orders by id, or every live order of the address (optionally of one market or token). */
  select: { ids: string[] } | { all: true; marketId?: string; tokenId?: string };
  singleUse: SingleUse;
}

export interface ExpireJob {
  kind: 'expire';
  /** Markets with an order due (markets.ts dueToExpire): their books are read if not held here. */
  marketIds: string[];
}

/**
 * Markets a sweep found no longer tradable in the catalog (closed, inactive, not two outcomes, or gone)
 * while they have live orders: each is checked again in the turn, and its live orders are cancelled.
 */
export interface CloseJob {
  kind: 'close';
  marketIds: string[];
}

/**
 * Tick changes loads recorded (tick-changes.ts): taken out in the turn, so they are announced once, in
 * the order of the exchange's versions like every other change of a book.
 */
export interface TicksJob {
  kind: 'ticks';
}

/**
 * Heartbeat chains past their deadline (heartbeats.ts): marked lapsed in the turn, and every live order of
 * their addresses cancelled in the same transaction.
 */
export interface LapseJob {
  kind: 'lapse';
}

/** A lapsed heartbeat chain: its key, its address, and the orders its lapse cancelled. */
export interface Lapsed {
  apiKey: string;
  address: string;
  canceled: string[];
}

export type Job = PlaceJob | CancelJob | ExpireJob | CloseJob | TicksJob | LapseJob;

export interface Refused {
  ok: false;
  code: ErrorCode;
  /** Which refusal, for the reference's sentence (trading-errors). */
  reason: string;
  /** NOT_ENOUGH_BALANCE: what was free and what the order needs, in base units. */
  available?: number;
  needed?: number;
}

export interface Placed {
  ok: true;
  orderId: string;
  /** `matched` (filled in full or in part and done), `live` (rests, maybe after some fills), `unmatched`. */
  status: 'matched' | 'live' | 'unmatched';
  fills: Fill[];
  /** Centishares filled. */
  filled: number;
  /** Collateral paid (BUY) or received (SELL), base units. */
  cash: number;
  tradeId: string | null;
  transactionHash: string | null;
}

export interface Cancelled {
  ok: true;
  canceled: string[];
  notCanceled: Record<string, string>;
}

type Result<J extends Job> = J extends PlaceJob
  ? Placed | Refused
  : J extends CancelJob
    ? Cancelled | Refused
    : J extends CloseJob
      ? { canceled: string[] }
      : J extends TicksJob
        ? { changed: TickChange[] }
        : J extends LapseJob
          ? { lapsed: Lapsed[] }
          : null;

/** What a commit changed, for the catalog and the live channels. */
export interface Committed {
  /** The exchange's version this batch wrote: every batch of every process counts one, in commit order. */
  version: number;
  markets: Set<string>;
  fills: {
    marketId: string;
    tradeId: string;
    fill: Fill;
    matchTime: number;
    /** The API keys of the taker's and the maker's orders. */
    takerOwner: string;
    makerOwner: string;
  }[];
  /** Each market whose book the batch changed: its level changes and best prices (batch-events.ts). */
  books: BookChange[];
  /** Every order's events, in the order they happened. */
  orders: OrderEvent[];
  /** Markets whose tick a load changed, announced by this batch. */
  ticks: TickChange[];
}

interface Pending {
  job: Job;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** A market's book, with what the engine does not keep of each resting order (its owner…) and the market. */
interface MarketBook extends StoredBook {
  market: TradableMarket;
}

interface OrderRow {
  id: string;
  seq: number;
  marketId: string;
  tokenId: string;
  outcome: Outcome;
  maker: string;
  owner: string;
  side: Side;
  price: number;
  originalSize: number;
  remaining: number;
  timeInForce: TimeInForce;
  postOnly: boolean;
  expiration: number;
  status: string;
  /** The signed order as posted, as JSON text. */
  signed: string;
  createdAt: number;
}

interface FillRow {
  seq: number;
  tradeId: string;
  marketId: string;
  kind: string;
  size: number;
  matchTime: number;
  takerOrderId: string;
  takerAddress: string;
  takerOwner: string;
  takerOutcome: number;
  takerSide: string;
  takerPrice: number;
  makerOrderId: string;
  makerAddress: string;
  makerOwner: string;
  makerOutcome: number;
  makerSide: string;
  makerPrice: number;
}

/** The changes of one batch, written in one transaction. */
class BatchWrites {
  newOrders = new Map<string, OrderRow>();
  orderUpdates = new Map<string, { remaining: number; status: string }>();
  fills: FillRow[] = [];
  /** Markets whose book this batch changed: new orders, fills, cancels, expiries. */
  booksChanged = new Set<string>();
  /** The same changes as the live channels show them. */
  events = new BatchEvents();
  markets = new Map<
    string,
    { sets: number; notional: number; lastPrice: number | null; lastSide: string | null }
  >();

  updateOrder(id: string, remaining: number, status: string): void {
    const fresh = this.newOrders.get(id);
    if (fresh) {
      fresh.remaining = remaining;
      fresh.status = status;
    } else this.orderUpdates.set(id, { remaining, status });
  }

  market(id: string) {
    let m = this.markets.get(id);
    if (!m) {
      m = { sets: 0, notional: 0, lastPrice: null, lastSide: null };
      this.markets.set(id, m);
    }
    return m;
  }
}

const MAX_BATCH = 256;

/**
 * The exchange's single writer in this process: jobs queue up while a batch commits, and the next batch
 * takes them all (group commit: one transaction for many orders). A batch first takes the exchange's
 * turn (the `exchange_state` row, so one process writes at a time); if another process wrote since this
 * one last did, the books and balances held in memory are dropped and read again. Then each job runs
 * against the books in memory (the engine) and the ledger's rules; everything is written; the commit
 * acknowledges every job at once. A failed commit acknowledges nothing, and the memory is dropped.
 */
export class ExchangeWriter {
  private readonly queue: Pending[] = [];
  private running = false;
  private version = -1;
  private readonly id = randomBytes(8).toString('hex');
  private readonly books = new Map<string, MarketBook>();
  private readonly holdings = new Holdings();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly onCommitted: (changes: Committed) => void = () => {},
  ) {}

  submit<J extends Job>(job: J): Promise<Result<J>> {
    if (this.closed) return Promise.reject(new Error('the exchange is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) void this.drain();
    });
  }

  /** Stops taking jobs and waits for the batch under way. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running) await new Promise((r) => setTimeout(r, 5));
  }

  /** A book as this process last committed it (for reads; may lag another process's writes). */
  bookOf(marketId: string): Book | undefined {
    return this.books.get(marketId)?.book;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        // Let requests already received reach the queue first. PGlite answers within the same turn of
        // the event loop (its queries run synchronously), so without this pause a batch would start with
        // the one job that woke it and run to its commit before any other request was read: batches of 1.
        await new Promise((resolve) => setImmediate(resolve));
        await this.runBatch(this.queue.splice(0, MAX_BATCH));
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs one batch in one transaction, then answers its jobs and tells what the commit changed. */
  private async runBatch(batch: Pending[]): Promise<void> {
    const results: unknown[] = [];
    let committed: Committed | null = null;
    try {
      await this.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const jobs = batch.map((p) => p.job);
        const { seqStart, fresh, revoked, existing } = await this.takeTurnAndMark(db, jobs);
        const seq = { next: seqStart + 1 };
        const writes = new BatchWrites();
        const { cancelTargets, closing, lapsing } = await this.prepare(db, jobs);
        const ticks = jobs.some((job) => job.kind === 'ticks') ? await this.takeTicks(db) : [];
        const now = this.clock();
        const usedMarks: SingleUse[] = [];
        for (const [i, { job }] of batch.entries()) {
          let result: unknown;
          if (revoked.has(i)) result = refused('API_KEY_REVOKED', 'revoked');
          else if (isSigned(job) && !fresh[i])
            // An order posted again with the same headers (a client's retry) is what it would be with
            // new ones, a duplicate, and changes nothing either way; anything else sent twice is a replay.
            result =
              job.kind === 'place' && (existing.has(job.order.id) || writes.newOrders.has(job.order.id))
                ? refused('ORDER_DUPLICATED', 'duplicated')
                : refused('SIGNATURE_REUSED', 'reused');
          else if (job.kind === 'place') result = this.place(job, writes, seq, now, existing);
          else if (job.kind === 'cancel') result = this.cancel(job, cancelTargets.get(job) ?? [], writes);
          else if (job.kind === 'close') result = this.closeMarkets(job, closing, writes);
          else if (job.kind === 'ticks') result = { changed: ticks };
          // The batch's first lapse job takes every chain the turn claimed.
          else if (job.kind === 'lapse') result = { lapsed: this.lapse(lapsing.splice(0), writes) };
          else result = this.expire(writes, now);
          results.push(result);
          const failed = (result as { ok?: boolean } | null)?.ok === false;
          if (isSigned(job) && fresh[i] && failed) usedMarks.push(job.singleUse);
        }
        // A refused request uses nothing up (docs/api.md §3): its single-use mark is given back.
        await this.write(db, writes, usedMarks, seq.next - 1);
        committed = {
          version: 0,
          markets: writes.booksChanged,
          fills: writes.fills.map((f) => ({
            marketId: f.marketId,
            tradeId: f.tradeId,
            matchTime: f.matchTime,
            fill: fillOf(f),
            takerOwner: f.takerOwner,
            makerOwner: f.makerOwner,
          })),
          books: writes.events.books(),
          orders: writes.events.orders,
          ticks,
        };
      });
      this.version += 1;
      // takeTurn made this.version the one before this batch's: the batch wrote the next.
      if (committed) (committed as Committed).version = this.version;
    } catch (err) {
      // Memory may hold changes the database does not: read everything again next time.
      this.forget();
      for (const p of batch) p.reject(err);
      return;
    }
    // The listeners first: the live channels queue their owners' messages before any answer is sent
    // (live/hub.ts), so what a client is told was done has already been written to its user channel.
    try {
      if (committed) this.onCommitted(committed);
    } finally {
      for (const [i, p] of batch.entries()) p.resolve(results[i]);
    }
  }

  /**
   * Takes the exchange's turn (the state row's lock) and counts this batch's write, inserts every job's
   * single-use mark and finds which of the batch's orders exist already, in one prepared statement
   * (TURN_AND_MARKS); drops memory another process made stale. Every writer adds one to the version, so
   * the version before ours is the one this writer left only if nobody else wrote since. Returns the last
   * sequence number, which jobs' marks were fresh (a replay finds its mark taken, and so does a second
   * job of the batch with the same mark), and the order ids already stored. The same statement reads
   * the holdings of the orders' makers not held here, kept only if nobody else wrote since this writer
   * last did (then the statement's snapshot, however old, saw every change): one statement less a batch.
   * It also finds the jobs whose API key is revoked: their requests were authenticated with a key row
   * that may be cached (credentials/key-cache.ts), and are refused as a revoked key's would be.
   */
  private async takeTurnAndMark(
    db: Db,
    jobs: Job[],
  ): Promise<{ seqStart: number; fresh: boolean[]; revoked: Set<number>; existing: Set<string> }> {
    const marks: { i: number; k: string; t: number; s: string }[] = [];
    const repeated = new Set<number>();
    const seen = new Set<string>();
    for (const [i, job] of jobs.entries()) {
      if (!isSigned(job)) continue;
      const { apiKey, timestamp, signature } = job.singleUse;
      const key = `${apiKey}\u0000${timestamp}\u0000${signature}`;
      if (seen.has(key)) repeated.add(i);
      else {
        seen.add(key);
        marks.push({ i, k: apiKey, t: timestamp, s: signature });
      }
    }
    const ids = [...new Set(jobs.flatMap((j) => (j.kind === 'place' ? [j.order.id] : [])))];
    const holdingsAsked = this.holdings.missing(
      jobs.flatMap((j) => (j.kind === 'place' ? holdingsOf(j.order.maker, j.market) : [])),
    );
    const found = await runPrepared(this.db, db, TURN_AND_MARKS, [
      this.id,
      JSON.stringify(marks),
      JSON.stringify(ids),
      ...holdingKeysParams(holdingsAsked),
    ]);
    let turn: { version: number; seq: number } | null = null;
    const taken = new Set<number>();
    const revoked = new Set<number>();
    let existing = new Set<string>();
    const holdingsFound: { address: string; asset: string; balance: string; reserved: string }[] = [];
    for (const [kind, a, b, c, d] of found) {
      if (kind === 't') turn = { version: Number(a), seq: Number(b) };
      else if (kind === 'u') taken.add(Number(a));
      else if (kind === 'r') revoked.add(Number(a));
      else if (kind === 'h') holdingsFound.push({ address: a!, asset: b!, balance: c!, reserved: d! });
      else existing.add(a!);
    }
    if (!turn) throw new Error('exchange_state has no row: the migrations did not run');
    if (turn.version === this.version) this.holdings.remember(holdingsAsked, holdingsFound);
    else {
      this.forget();
      this.version = turn.version;
      // The statement's snapshot may be older than the writer we waited for (on PostgreSQL, a statement
      // that waits for a row lock keeps the snapshot it started with): read the orders again, now.
      if (ids.length > 0) existing = await existingOrders(db, ids);
    }
    const fresh = jobs.map((j, i) => !isSigned(j) || (!repeated.has(i) && !taken.has(i)));
    return { seqStart: turn.seq, fresh, revoked, existing };
  }

  /** Takes out the recorded tick changes; the books held here trade under the new ticks from now on. */
  private async takeTicks(db: Db): Promise<TickChange[]> {
    const changed = await takeTickChanges(db);
    for (const { market } of changed) {
      const held = this.books.get(market.marketId);
      if (held) held.market = { ...held.market, tick: market.tick, minSize: market.minSize };
    }
    return changed;
  }

  private forget(): void {
    this.books.clear();
    this.holdings.clear();
    this.version = -1;
  }

  /**
   * Loads the books and holdings the jobs need; returns each cancel's live orders, and which markets of
   * the close jobs are (still) not tradable, as the catalog says in this turn.
   */
  private async prepare(
    db: Db,
    jobs: Job[],
  ): Promise<{
    cancelTargets: Map<Job, { id: string; marketId: string }[]>;
    closing: Set<string>;
    lapsing: (Omit<Lapsed, 'canceled'> & { orders: { id: string; marketId: string }[] })[];
  }> {
    const targets = new Map<Job, { id: string; marketId: string }[]>();
    for (const job of jobs)
      if (job.kind === 'cancel') targets.set(job, await this.liveOrdersOf(db, job.address, job.select));
    const asked = [...new Set(jobs.flatMap((job) => (job.kind === 'close' ? job.marketIds : [])))];
    const closing = new Set(asked.length > 0 ? await untradable(db, asked) : []);
    const lapsing = [];
    if (jobs.some((job) => job.kind === 'lapse')) {
      for (const chain of await claimDue(db, this.clock()))
        lapsing.push({ ...chain, orders: await this.liveOrdersOf(db, chain.address, { all: true }) });
    }
    const cancelTargets = [
      ...new Set([
        ...[...targets.values(), ...lapsing.map((l) => l.orders)].flat().map((o) => o.marketId),
        ...closing,
        ...jobs.flatMap((job) => (job.kind === 'expire' ? job.marketIds : [])),
      ]),
    ];
    const markets = new Map<string, TradableMarket>();
    for (const job of jobs) if (job.kind === 'place') markets.set(job.market.marketId, job.market);
    const unknownMarkets = cancelTargets.filter((id) => !this.books.has(id) && !markets.has(id));
    if (unknownMarkets.length > 0) {
      for (const m of await readMarkets(db, unknownMarkets)) markets.set(m.marketId, m);
    }
    const loaded = await this.loadBooks(db, [...markets.values()]);
    // Holdings: every party the jobs can touch: the orders' makers and everyone resting in their markets.
    // Those of a book already in memory are loaded: its makers' when it was read, or when they placed
    // (holdings are dropped only with the books). So only the books read now need their makers'.
    const wanted: { address: string; asset: string }[] = [];
    for (const mb of loaded) {
      const makers = new Set(mb.book.resting().map((o) => o.maker));
      for (const maker of makers) wanted.push(...holdingsOf(maker, mb.market));
    }
    // Read with the turn (takeTurnAndMark), unless another process wrote since.
    for (const job of jobs) if (job.kind === 'place') wanted.push(...holdingsOf(job.order.maker, job.market));
    await this.holdings.load(this.db, db, wanted);
    return { cancelTargets: targets, closing, lapsing };
  }

  private async liveOrdersOf(
    db: Db,
    address: string,
    s: CancelJob['select'],
  ): Promise<{ id: string; marketId: string }[]> {
    if ('ids' in s) {
      // Text that is no order id names no order (it is answered as not cancelled): looking it up could
      // only fail (PostgreSQL text holds no NUL) and take the whole batch down with it.
      const ids = s.ids.filter((id) => ORDER_ID.test(id));
      if (ids.length === 0) return [];
      return rows(
        db,
        sql`SELECT id, market_id AS "marketId" FROM exchange_orders
            WHERE id = ANY(${arrayParam(ids)}::text[]) AND maker = ${address} AND status = 'LIVE'`,
      );
    }
    return rows(
      db,
      sql`SELECT id, market_id AS "marketId" FROM exchange_orders
          WHERE maker = ${address} AND status = 'LIVE'
          ${s.marketId ? sql`AND market_id = ${s.marketId}` : sql``}
          ${s.tokenId ? sql`AND token_id = ${s.tokenId}` : sql``}`,
    );
  }

  /** Reads the books of these markets not in memory; returns those it read. */
  private async loadBooks(db: Db, markets: TradableMarket[]): Promise<MarketBook[]> {
    const missing = markets.filter((m) => !this.books.has(m.marketId));
    if (missing.length === 0) return [];
    const stored = await readBooks(
      db,
      missing.map((m) => m.marketId),
    );
    return missing.map((market) => {
      const mb = { market, ...stored.get(market.marketId)! };
      this.books.set(market.marketId, mb);
      return mb;
    });
  }

  private place(
    job: PlaceJob,
    writes: BatchWrites,
    seq: { next: number },
    now: number,
    existing: Set<string>,
  ): Placed | Refused {
    const { order, market } = job;
    if (existing.has(order.id) || writes.newOrders.has(order.id))
      return refused('ORDER_DUPLICATED', 'duplicated');
    if (order.timeInForce === 'GTD' && order.expiration <= now) return refused('INVALID_ORDER', 'expired');
    const mb = this.books.get(market.marketId)!;
    const { events } = writes;
    // The engine has no clock: orders whose time has come leave the book before anything meets them.
    const expiredOrders = events.change(market, mb.book, () => mb.book.expire(expiredBy(now)));
    for (const expired of expiredOrders) this.release(mb, expired, writes, 'EXPIRED');
    const token = market.tokens[order.outcome];
    // The worst case of the whole order must be covered by what is not already held back.
    const need = coverOf(order);
    const asset = order.side === 'BUY' ? COLLATERAL : token;
    const amount = order.side === 'BUY' ? need.collateral : need.shares;
    const available = this.holdings.available(order.maker, asset);
    if (available < amount) return { ...refused('NOT_ENOUGH_BALANCE', 'balance'), available, needed: amount };

    const result = events.change(market, mb.book, () => mb.book.place(order));
    if (!result.ok) {
      return refused(
        result.refusal === 'POST_ONLY_CROSSES' ? 'POST_ONLY_CROSSES' : 'ORDER_NOT_FILLED',
        result.refusal,
      );
    }
    const orderSeq = seq.next++;
    // What it did not fill: resting, or killed (FAK) or cancelled; size_matched is the size less this.
    const unfilled = result.rested?.remaining ?? Math.max(0, order.size - result.filled);
    const status = result.rested ? 'LIVE' : result.filled > 0 ? 'MATCHED' : 'CANCELED';
    writes.booksChanged.add(market.marketId);
    writes.newOrders.set(order.id, {
      id: order.id,
      seq: orderSeq,
      marketId: market.marketId,
      tokenId: job.tokenId,
      outcome: order.outcome,
      maker: order.maker,
      owner: job.owner,
      side: order.side,
      price: order.price,
      // A market buy may get more shares than it was signed for (a better price): its size is what it got.
      originalSize: Math.max(order.size, result.filled),
      remaining: unfilled,
      timeInForce: order.timeInForce,
      postOnly: order.postOnly,
      expiration: order.expiration,
      status,
      signed: JSON.stringify(job.signed),
      createdAt: now,
    });
    const tradeId = result.fills.length > 0 ? randomUUID() : null;
    const info: RestingInfo = {
      owner: job.owner,
      createdAt: now,
      size: Math.max(order.size, result.filled),
      timeInForce: order.timeInForce,
      expiration: order.expiration,
    };
    events.order('PLACEMENT', orderState(market, order, info, unfilled, status), tradeId ? [tradeId] : []);
    for (const cancelled of result.selfTradeCancelled) this.release(mb, cancelled, writes, 'CANCELED');

    let cash = 0;
    for (const fill of result.fills) {
      const t = fill.taker;
      const m = fill.maker;
      const takerEffect = fillEffect({ side: t.side, outcome: t.outcome, price: t.price, size: fill.size });
      const makerTerms: PartyTerms = { side: m.side, outcome: m.outcome, price: m.price, size: fill.size };
      const makerEffect = fillEffect(makerTerms);
      const makerHeld = reservation(makerTerms);
      cash += Math.abs(takerEffect.collateral);
      this.holdings.change(t.maker, COLLATERAL, takerEffect.collateral, 0);
      this.holdings.change(t.maker, market.tokens[t.outcome], takerEffect.shares, 0);
      // The maker's fill consumes exactly what its resting order held back for that size.
      this.holdings.change(m.maker, COLLATERAL, makerEffect.collateral, -makerHeld.collateral);
      this.holdings.change(m.maker, market.tokens[m.outcome], makerEffect.shares, -makerHeld.shares);
      writes.updateOrder(m.orderId, m.remainingAfter, m.remainingAfter === 0 ? 'MATCHED' : 'LIVE');
      const stats = writes.market(market.marketId);
      stats.sets += setsEffect(fill);
      stats.notional += Math.abs(takerEffect.collateral);
      // The trade price of outcome 0, as the catalog and the tape show it.
      stats.lastPrice = toOutcome0(m.outcome, m.price);
      stats.lastSide = t.outcome === 0 ? t.side : t.side === 'BUY' ? 'SELL' : 'BUY';
      const makerInfo = mb.resting.get(m.orderId);
      const makerOwner = makerInfo?.owner ?? '';
      if (makerInfo) {
        const status = m.remainingAfter === 0 ? 'MATCHED' : 'LIVE';
        const maker = { id: m.orderId, maker: m.maker, outcome: m.outcome, side: m.side, price: m.price };
        events.order('UPDATE', orderState(market, maker, makerInfo, m.remainingAfter, status), [tradeId!]);
      }
      if (m.remainingAfter === 0) mb.resting.delete(m.orderId);
      writes.fills.push({
        seq: seq.next++,
        tradeId: tradeId!,
        marketId: market.marketId,
        kind: fill.kind,
        size: fill.size,
        matchTime: now,
        takerOrderId: t.orderId,
        takerAddress: t.maker,
        takerOwner: job.owner,
        takerOutcome: t.outcome,
        takerSide: t.side,
        takerPrice: t.price,
        makerOrderId: m.orderId,
        makerAddress: m.maker,
        makerOwner,
        makerOutcome: m.outcome,
        makerSide: m.side,
        makerPrice: m.price,
      });
    }
    if (result.rested) {
      const held = reservation({
        side: order.side,
        outcome: order.outcome,
        price: order.price,
        size: result.rested.remaining,
      });
      this.holdings.change(order.maker, COLLATERAL, 0, held.collateral);
      this.holdings.change(order.maker, token, 0, held.shares);
      mb.resting.set(order.id, info);
    }
    return {
      ok: true,
      orderId: order.id,
      status: result.rested ? 'live' : result.filled > 0 ? 'matched' : 'unmatched',
      fills: result.fills,
      filled: result.filled,
      cash,
      tradeId,
      transactionHash: tradeId ? transactionHashOf(tradeId) : null,
    };
  }

  /** Takes a resting order off its book and gives back what it held. */
  private release(mb: MarketBook, order: RestingOrder, writes: BatchWrites, status: string): void {
    const held = reservation({
      side: order.side,
      outcome: order.outcome,
      price: order.price,
      size: order.remaining,
    });
    this.holdings.change(order.maker, COLLATERAL, 0, -held.collateral);
    this.holdings.change(order.maker, mb.market.tokens[order.outcome], 0, -held.shares);
    writes.updateOrder(order.id, order.remaining, status);
    writes.booksChanged.add(mb.market.marketId);
    const info = mb.resting.get(order.id);
    if (info)
      writes.events.order('CANCELLATION', orderState(mb.market, order, info, order.remaining, 'CANCELED'));
    mb.resting.delete(order.id);
  }

  /** Cancels the live orders the job selected (read in this turn); ids it names that are not live are reported. */
  private cancel(
    job: CancelJob,
    targets: { id: string; marketId: string }[],
    writes: BatchWrites,
  ): Cancelled {
    const canceled = this.cancelOrders(targets, writes);
    const notCanceled: Record<string, string> = {};
    if ('ids' in job.select) {
      const done = new Set(canceled);
      for (const id of job.select.ids) {
        if (!done.has(id)) notCanceled[id] = "order can't be found - already canceled or matched";
      }
    }
    return { ok: true, canceled, notCanceled };
  }

  /** Cancels these live orders (read in this turn), giving back what they held; answers those it cancelled. */
  private cancelOrders(targets: { id: string; marketId: string }[], writes: BatchWrites): string[] {
    const canceled: string[] = [];
    for (const { id, marketId } of targets) {
      const mb = this.books.get(marketId);
      const removed = mb && writes.events.change(mb.market, mb.book, () => mb.book.cancel(id));
      if (!mb || !removed) continue;
      this.release(mb, removed, writes, 'CANCELED');
      canceled.push(id);
    }
    return canceled;
  }

  /** Cancels the live orders of lapsed heartbeat chains' addresses, as each owner's cancel-all would. */
  private lapse(
    lapsing: (Omit<Lapsed, 'canceled'> & { orders: { id: string; marketId: string }[] })[],
    writes: BatchWrites,
  ): Lapsed[] {
    return lapsing.map(({ orders, ...chain }) => ({ ...chain, canceled: this.cancelOrders(orders, writes) }));
  }

  /**
   * Cancels every live order of the markets the catalog no longer lets trade (`closing`, checked in this
   * turn), giving back what they held, as a maker's own cancel would.
   */
  private closeMarkets(job: CloseJob, closing: Set<string>, writes: BatchWrites): { canceled: string[] } {
    const canceled: string[] = [];
    for (const marketId of job.marketIds) {
      const mb = this.books.get(marketId);
      if (!mb || !closing.has(marketId)) continue;
      // Through cancelOrders, so the market channel hears each level go, as for anyone's cancel.
      canceled.push(
        ...this.cancelOrders(
          mb.book.resting().map(({ id }) => ({ id, marketId })),
          writes,
        ),
      );
    }
    return { canceled };
  }

  private expire(writes: BatchWrites, now: number): null {
    for (const mb of this.books.values()) {
      const expired = writes.events.change(mb.market, mb.book, () => mb.book.expire(expiredBy(now)));
      for (const order of expired) this.release(mb, order, writes, 'EXPIRED');
    }
    return null;
  }

  /**
   * Everything the batch changed, in one prepared statement (WRITE_BATCH): new orders, updated ones,
   * fills, balances, market totals, the single-use marks given back, and the last sequence number.
   */
  private async write(db: Db, writes: BatchWrites, unmarked: SingleUse[], lastSeq: number): Promise<void> {
    const updates = [...writes.orderUpdates.entries()].map(([id, u]) => ({ id, ...u }));
    const markets = [...writes.markets.entries()].map(([marketId, m]) => ({ marketId, ...m }));
    await runPrepared(this.db, db, WRITE_BATCH, [
      JSON.stringify([...writes.newOrders.values()]),
      JSON.stringify(updates),
      JSON.stringify(writes.fills),
      ...holdingChangesParams(this.holdings.takePending()),
      JSON.stringify(markets),
      arrayParam(unmarked.map((u) => u.apiKey)),
      arrayParam(unmarked.map((u) => u.timestamp)),
      arrayParam(unmarked.map((u) => u.signature)),
      String(lastSeq),
    ]);
  }
}

/** The holdings an order of `address` in `market` can touch: its collateral and both outcome tokens. */
const holdingsOf = (address: string, market: TradableMarket) => [
  { address, asset: COLLATERAL },
  { address, asset: market.tokens[0] },
  { address, asset: market.tokens[1] },
];

/**
 * The turn, the single-use marks, the known orders and the holdings of a batch, in one statement ($1 the
 * writer's id, $2 the marks [{ i, k, t, s }] without repeats, $3 the order ids, $4 and $5 the holdings to
 * read, `holdingKeysParams`). The marks are read through the turn, so the state row is locked before
 * any mark is inserted (writers of several processes lock in one order). Rows: ('t', version before this
 * batch, last seq), then ('u', i) for each mark already taken, ('r', i) for each mark of a revoked key
 * (an expired session key is refused when the request is verified: its end never changes), ('o', id) for
 * each order already stored, and ('h', address, asset, balance, reserved) for each stored holding asked
 * for.
 */
export const TURN_AND_MARKS = new PreparedStatement(
  'exchange_turn_and_marks',
  `WITH turn AS (
     UPDATE exchange_state SET version = version + 1, writer = $1 WHERE id = 1
     RETURNING (version - 1)::text AS version, seq::text AS seq),
   input AS (
     SELECT x.i, x.k, x.t, x.s FROM turn, json_to_recordset($2::json) AS x(i int, k uuid, t bigint, s text)),
   ins AS (
     INSERT INTO used_l2_signatures (api_key, timestamp, signature)
     SELECT k, t, s FROM input ON CONFLICT DO NOTHING RETURNING api_key, timestamp, signature)
   SELECT 't', version, seq, NULL, NULL FROM turn
   UNION ALL
   SELECT 'u', input.i::text, NULL, NULL, NULL FROM input
   WHERE NOT EXISTS (
     SELECT 1 FROM ins WHERE ins.api_key = input.k AND ins.timestamp = input.t AND ins.signature = input.s)
   UNION ALL
   SELECT 'r', input.i::text, NULL, NULL, NULL FROM input
   WHERE NOT EXISTS (SELECT 1 FROM api_keys a WHERE a.api_key = input.k AND a.revoked_at IS NULL)
   UNION ALL
   SELECT 'o', o.id, NULL, NULL, NULL FROM exchange_orders o
   WHERE o.id = ANY(ARRAY(SELECT json_array_elements_text($3::json)))
   UNION ALL
   SELECT 'h', h.* FROM turn, (${storedHoldingsText('$4', '$5')}) AS h`,
);

/**
 * Everything a batch changed, in one statement: each part a data-modifying WITH clause on rows of its
 * own, each fed by a JSON array ($1 new orders, $2 order updates, $3 fills, $8 market totals; an empty
 * array changes nothing), and $12 the last sequence number. What is matched to a large table by its key
 * comes as arrays, each row then one lookup of the key (db/prepared.ts `arrayParam`): the balance
 * increments ($4–$7, `holdingChangesParams`) and the single-use marks given back ($9–$11: keys,
 * timestamps, signatures). One fixed text, so it is parsed and planned once per connection.
 */
export const WRITE_BATCH = new PreparedStatement(
  'exchange_write_batch',
  `WITH new_orders AS (
     INSERT INTO exchange_orders (id, seq, market_id, token_id, outcome, maker, owner, side, price, original_size,
       remaining, time_in_force, post_only, expiration, status, signed, created_at)
     SELECT id, seq, "marketId", "tokenId", outcome, maker, owner, side, price, "originalSize", remaining,
       "timeInForce", "postOnly", expiration, status, signed, "createdAt"
     FROM json_to_recordset($1::json) AS t(id text, seq bigint, "marketId" text,
       "tokenId" text, outcome smallint, maker text, owner text, side text, price int, "originalSize" bigint,
       remaining bigint, "timeInForce" text, "postOnly" boolean, expiration bigint, status text, signed text,
       "createdAt" bigint)),
   updated_orders AS (
     -- Orders of earlier batches only: this batch's own orders are inserted as they end up.
     UPDATE exchange_orders o SET remaining = u.remaining, status = u.status
     FROM json_to_recordset($2::json) AS u(id text, remaining bigint, status text)
     WHERE o.id = u.id),
   new_fills AS (
     INSERT INTO exchange_fills (seq, trade_id, market_id, kind, size, match_time, taker_order_id, taker_address,
       taker_owner, taker_outcome, taker_side, taker_price, maker_order_id, maker_address, maker_owner,
       maker_outcome, maker_side, maker_price)
     SELECT * FROM json_to_recordset($3::json) AS t(seq bigint, "tradeId" text,
       "marketId" text, kind text, size bigint, "matchTime" bigint, "takerOrderId" text, "takerAddress" text,
       "takerOwner" text, "takerOutcome" smallint, "takerSide" text, "takerPrice" int, "makerOrderId" text,
       "makerAddress" text, "makerOwner" text, "makerOutcome" smallint, "makerSide" text, "makerPrice" int)),
   ${holdingChangesText(['$4', '$5', '$6', '$7'])},
   market_totals AS (
     INSERT INTO exchange_markets (market_id, sets, notional, last_price, last_side)
     SELECT "marketId", sets, notional, "lastPrice", "lastSide"
     FROM json_to_recordset($8::json) AS t("marketId" text, sets bigint, notional bigint,
       "lastPrice" int, "lastSide" text)
     ON CONFLICT (market_id) DO UPDATE SET
       sets = exchange_markets.sets + EXCLUDED.sets,
       notional = exchange_markets.notional + EXCLUDED.notional,
       last_price = COALESCE(EXCLUDED.last_price, exchange_markets.last_price),
       last_side = COALESCE(EXCLUDED.last_side, exchange_markets.last_side)),
   given_back AS (
     DELETE FROM used_l2_signatures u USING unnest($9::uuid[], $10::bigint[], $11::text[])
       AS x(api_key, timestamp, signature)
     WHERE u.api_key = x.api_key AND u.timestamp = x.timestamp AND u.signature = x.signature)
   UPDATE exchange_state SET seq = $12::bigint WHERE id = 1`,
);

/** Which of these order ids are stored. */
async function existingOrders(db: Db, ids: string[]): Promise<Set<string>> {
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM exchange_orders WHERE id = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(ids)}::json)))`,
  );
  return new Set(found.map((r) => r.id));
}

/** Jobs sent by a client's signed request: they carry a single-use mark. */
function isSigned(job: Job): job is PlaceJob | CancelJob {
  return job.kind === 'place' || job.kind === 'cancel';
}

function refused(code: ErrorCode, reason: string): Refused {
  return { ok: false, code, reason };
}

/** A deterministic identifier of a match, in the shape of a transaction hash; it names no chain transaction. */
export function transactionHashOf(tradeId: string): string {
  return `0x${createHash('sha256').update(`marketdesk-trade:${tradeId}`).digest('hex')}`;
}

function fillOf(f: FillRow): Fill {
  return {
    kind: f.kind as Fill['kind'],
    size: f.size,
    taker: {
      orderId: f.takerOrderId,
      maker: f.takerAddress,
      outcome: f.takerOutcome as Outcome,
      side: f.takerSide as Side,
      price: f.takerPrice,
    },
    maker: {
      orderId: f.makerOrderId,
      maker: f.makerAddress,
      outcome: f.makerOutcome as Outcome,
      side: f.makerSide as Side,
      price: f.makerPrice,
      remainingAfter: 0,
    },
  };
}

/**
 * The markets of these live orders, to hold their books for a cancel or a close. Their tokens are the
 * ones the orders name (what their reservations are in), so a market the catalog changed or no longer
 * has can still be cleared; the rest comes from the catalog's entry while there is one. (An outcome with
 * no live order may have no known token: nothing of it is ever released.)
 */
async function readMarkets(db: Db, ids: string[]): Promise<TradableMarket[]> {
  const found = await rows<{
    market_id: string;
    outcome: number;
    token_id: string;
    condition_id: string | null;
    tokens: string[] | null;
    neg_risk: boolean | null;
    tick: number | null;
    min_size: number | null;
  }>(
    db,
    sql`SELECT o.market_id, o.outcome, o.token_id, m.condition_id, m.clob_token_ids AS tokens, m.neg_risk,
               m.order_price_min_tick_size AS tick, m.order_min_size AS min_size
        FROM (SELECT DISTINCT ON (market_id, outcome) market_id, outcome, token_id FROM exchange_orders
              WHERE market_id = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(ids)}::json)))
                AND status = 'LIVE'
              ORDER BY market_id, outcome) o
        LEFT JOIN markets m ON m.id = o.market_id`,
  );
  const markets = new Map<string, TradableMarket & { tokens: [string, string] }>();
  for (const row of found) {
    let market = markets.get(row.market_id);
    if (!market) {
      market = {
        marketId: row.market_id,
        conditionId: row.condition_id ?? '',
        tokens: [row.tokens?.[0] ?? '', row.tokens?.[1] ?? ''],
        negRisk: row.neg_risk ?? false,
        ...orderRules({
          tick: row.tick ?? DEFAULT_ORDER_TICK,
          min_size: row.min_size ?? DEFAULT_ORDER_MIN_SIZE,
        }),
      };
      markets.set(row.market_id, market);
    }
    market.tokens[row.outcome as Outcome] = row.token_id;
  }
  return [...markets.values()];
}
