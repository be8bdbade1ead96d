import { z } from 'zod';
import {
  AccountSummary,
  BalanceAllowance,
  CancelResponse,
  END_CURSOR,
  OpenOrdersPage,
  Position,
  TradesPage,
} from '../../../../contract/trading';
import { config } from '../../../lib/config';
import { type Session, sessionRequest } from '../../../lib/wallet/session';

export interface Account {
  /** Free collateral, base units. */
  cash: bigint;
  positions: Position[];
  orders: OpenOrdersPage['data'];
  trades: TradesPage['data'];
  /** The paper money credited, and the profit or loss sells realised. */
  summary: AccountSummary;
}

/** Every page of a cursor list (a handful for a paper account; stops after 20 pages). */
async function allPages<T>(
  session: Session,
  path: string,
  schema: z.ZodType<{ next_cursor: string; data: T[] }>,
): Promise<T[]> {
  const out: T[] = [];
  let cursor = 'MA==';
  for (let page = 0; page < 20 && cursor !== END_CURSOR; page++) {
    const answer = await sessionRequest(schema, session, {
      method: 'GET',
      path,
      query: { next_cursor: cursor },
    });
    out.push(...answer.data);
    cursor = answer.next_cursor;
  }
  return out;
}

/** The positions alone, valued at the catalog's prices now: what moves without an event of the user channel. */
export function loadPositions(session: Session): Promise<Position[]> {
  return sessionRequest(z.array(Position), session, { method: 'GET', path: '/data/positions' });
}

/** The account as the server has it now: balance, positions, open orders, trades (newest first), summary. */
export async function loadAccount(session: Session): Promise<Account> {
  const [balance, positions, orders, trades, summary] = await Promise.all([
    sessionRequest(BalanceAllowance, session, {
      method: 'GET',
      path: '/balance-allowance',
      query: { asset_type: 'COLLATERAL', signature_type: '0' },
    }),
    loadPositions(session),
    allPages(session, '/data/orders', OpenOrdersPage),
    allPages(session, '/data/trades', TradesPage),
    sessionRequest(AccountSummary, session, { method: 'GET', path: '/data/summary' }),
  ]);
  return {
    cash: BigInt(balance.balance),
    positions,
    orders: orders.filter((o) => o.status === 'LIVE'),
    trades: [...trades].sort((a, b) => Number(b.match_time) - Number(a.match_time)),
    summary,
  };
}

/** A row's market: its event's slug and title, its own id and question. */
export interface MarketRef {
  slug: string;
  title: string;
  id: string;
  question: string;
}

export { cancelOrder } from '../../../lib/wallet/cancel-order';

/** DELETE /cancel-all: cancels every open order of the key owner. */
export function cancelAll(session: Session) {
  return sessionRequest(CancelResponse, session, { method: 'DELETE', path: '/cancel-all' });
}

/** The event's slug and title, the market's id and its question, by condition id, for the rows' links. */
export async function marketsByCondition(conditionIds: string[]): Promise<Map<string, MarketRef>> {
  const found = new Map<string, MarketRef>();
  if (conditionIds.length === 0) return found;
  const query = new URLSearchParams(conditionIds.map((id) => ['condition_ids', id]));
  const response = await fetch(`${config.gammaUrl}/markets?${query}`).catch(() => null);
  if (!response?.ok) return found;
  const rows = z
    .array(
      z.object({
        id: z.string(),
        conditionId: z.string(),
        question: z.string(),
        events: z.array(z.object({ slug: z.string(), title: z.string() })),
      }),
    )
    .safeParse(await response.json());
  if (rows.success)
    for (const row of rows.data)
      if (row.events[0])
        found.set(row.conditionId, {
          slug: row.events[0].slug,
          title: row.events[0].title,
          id: row.id,
          question: row.question,
        });
  return found;
}
