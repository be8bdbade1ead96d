import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/open';
import type { Reply, Trader } from './trader';

/** One placement's answer, as POST /order (or an entry of POST /orders) acknowledged it. */
export interface Acknowledged {
  orderID: string;
  side: 'BUY' | 'SELL';
  status: string;
  makingAmount: string;
  takingAmount: string;
  tradeIDs: string[];
}

/** What a storm's clients were told: only acknowledged changes must survive anything. */
export class StormLog {
  readonly placed: Acknowledged[] = [];
  readonly cancelled: string[] = [];
  /** Answers no client should ever get (a 500, an unexpected refusal), with their bodies. */
  readonly unexpected: string[] = [];
  refused = 0;
}

/** A market's two outcome tokens. */
export type Tokens = readonly [string, string];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/**
 * A random order in whole units: about 70% rest (bids below the middle, asks above it, in the order's own
 * outcome) and 30% cross it (FAK or GTC), so buys of both outcomes mint, sales of both merge, and shares
 * change hands.
 */
function randomOrder(trader: Trader, markets: readonly Tokens[]) {
  const outcome = between(0, 1);
  const side = Math.random() < 0.6 ? ('BUY' as const) : ('SELL' as const);
  const crossing = Math.random() < 0.3;
  const cents = crossing
    ? side === 'BUY'
      ? between(52, 65)
      : between(35, 48)
    : side === 'BUY'
      ? between(35, 49)
      : between(51, 65);
  return trader.order({
    tokenId: pick(markets)[outcome]!,
    side,
    price: cents / 100,
    size: between(5, 20),
    orderType: crossing && Math.random() < 0.5 ? 'FAK' : 'GTC',
  });
}

/**
 * Sends orders, batches and cancels from `workers` concurrent clients until `running()` turns false or
 * the server stops answering, and logs every acknowledgement. Refusals for want of balance or of a match
 * are expected; any other answer is logged as unexpected.
 */
export async function storm(opts: {
  traders: readonly Trader[];
  markets: readonly Tokens[];
  workers: number;
  running: () => boolean;
  log: StormLog;
}): Promise<void> {
  const { traders, markets, log } = opts;
  const mine = new Map<Trader, string[]>(traders.map((t) => [t, []]));
  const placedBy = (trader: Trader, side: 'BUY' | 'SELL', answer: Acknowledged) => {
    log.placed.push({ ...answer, side });
    mine.get(trader)!.push(answer.orderID);
  };
  const placement = (res: Reply, what: string) => {
    if (res.statusCode === 200) return true;
    const code = (res.json() as { code?: string }).code;
    if (code === 'NOT_ENOUGH_BALANCE' || code === 'ORDER_NOT_FILLED') log.refused++;
    else log.unexpected.push(`${what}: ${res.statusCode} ${res.body}`);
    return false;
  };
  const worker = async (trader: Trader) => {
    while (opts.running()) {
      const roll = Math.random();
      try {
        if (roll < 0.75) {
          const body = await randomOrder(trader, markets);
          const res = await trader.request('POST', '/order', body);
          if (placement(res, 'POST /order')) placedBy(trader, body.order.side, res.json());
        } else if (roll < 0.87) {
          const bodies = await Promise.all([1, 2, 3].map(() => randomOrder(trader, markets)));
          const res = await trader.request('POST', '/orders', bodies);
          if (!placement(res, 'POST /orders')) continue;
          for (const [i, answer] of (res.json() as (Acknowledged & { success: boolean })[]).entries()) {
            if (answer.success) placedBy(trader, bodies[i]!.order.side, answer);
            else log.refused++;
          }
        } else {
          const ids = mine.get(trader)!;
          if (ids.length === 0) continue;
          // Each order is cancelled once at most: a request's timestamp repeats after a hundred or so, and
          // the same cancel again at the same timestamp would be a replay (refused as one).
          const [orderID] = ids.splice(Math.floor(Math.random() * ids.length), 1);
          const res = await trader.request('DELETE', '/order', { orderID });
          if (res.statusCode === 200) log.cancelled.push(...(res.json() as { canceled: string[] }).canceled);
          else log.unexpected.push(`DELETE /order: ${res.statusCode} ${res.body}`);
        }
      } catch {
        return; // the server is gone (killed under us)
      }
    }
  };
  await Promise.all(Array.from({ length: opts.workers }, (_, i) => worker(traders[i % traders.length]!)));
}

/**
 * What the database must hold for every acknowledgement in the log: each acknowledged order, with exactly
 * the fills its answer reported (as the taker, under its trade id); each acknowledged cancel, cancelled.
 * Returns the discrepancies.
 */
export async function acknowledgedButMissing(db: Db, log: StormLog): Promise<string[]> {
  const problems: string[] = [];
  const reported = log.placed.map((a) => {
    const filled = a.takingAmount !== '';
    const shares = !filled ? '0' : a.side === 'BUY' ? a.takingAmount : a.makingAmount;
    const cash = !filled ? '0' : a.side === 'BUY' ? a.makingAmount : a.takingAmount;
    return {
      id: a.orderID,
      // Centishares and base units, exactly (the answers are decimal text of whole units).
      shares: Math.round(Number(shares) * 100),
      cash: Math.round(Number(cash) * 1e6),
      trade: a.tradeIDs[0] ?? null,
    };
  });
  for (let i = 0; i < reported.length; i += 2000) {
    const chunk = reported.slice(i, i + 2000);
    const wrong = await rows<{ id: string; found: boolean; shares: string; cash: string; trades: string }>(
      db,
      sql`WITH r AS (
            SELECT * FROM json_to_recordset(${JSON.stringify(chunk)}::json)
              AS r(id text, shares bigint, cash bigint, trade text)),
          f AS (
            SELECT r.id, COALESCE(sum(f.size), 0) AS shares, COALESCE(sum(f.size * f.taker_price::bigint), 0) AS cash,
                   COALESCE(string_agg(DISTINCT f.trade_id, ','), '') AS trades
            FROM r LEFT JOIN exchange_fills f ON f.taker_order_id = r.id GROUP BY r.id)
          SELECT r.id, EXISTS (SELECT 1 FROM exchange_orders o WHERE o.id = r.id) AS found,
                 f.shares::text, f.cash::text, f.trades
          FROM r JOIN f ON f.id = r.id
          WHERE NOT EXISTS (SELECT 1 FROM exchange_orders o WHERE o.id = r.id)
             OR f.shares <> r.shares OR f.cash <> r.cash OR f.trades <> COALESCE(r.trade, '')`,
    );
    for (const w of wrong) {
      const r = chunk.find((c) => c.id === w.id)!;
      problems.push(
        w.found
          ? `order ${w.id}: answered ${r.shares} centishares for ${r.cash} (trade ${r.trade}), committed ${w.shares} for ${w.cash} (trades ${w.trades})`
          : `order ${w.id} was acknowledged but is not in the database`,
      );
    }
  }
  if (log.cancelled.length > 0) {
    const notCancelled = await rows<{ id: string; status: string | null }>(
      db,
      sql`SELECT c.id, o.status FROM unnest(${`{${log.cancelled.join(',')}}`}::text[]) AS c(id)
          LEFT JOIN exchange_orders o ON o.id = c.id WHERE o.status IS DISTINCT FROM 'CANCELED'`,
    );
    for (const n of notCancelled)
      problems.push(`order ${n.id} was cancelled, but is ${n.status ?? 'missing'}`);
  }
  return problems;
}
