import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/open';
import { COLLATERAL } from '../units';
import { writeHoldingChanges } from './holdings';

export type CreditReason = 'grant' | 'fund';

/**
 * Credits paper collateral: a ledger row and the balance it adds, in the caller's transaction. A `grant`
 * is given once per address (a unique index refuses a second); returns whether anything was credited.
 */
export async function credit(
  tx: Db,
  address: string,
  amount: number,
  reason: CreditReason,
  nowSeconds: number,
): Promise<boolean> {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error('a credit is a positive whole number of base units');
  // An operator's credit may reach a balance a writer holds in memory: it takes the writers' turn, so
  // they reload it. The grant comes with an address's first key, before it can have an order or a
  // balance anywhere in memory: it skips the turn, which would otherwise make every key creation wait
  // for the exchange's writers (and hold a database connection meanwhile).
  if (reason === 'fund')
    await tx.execute(sql`UPDATE exchange_state SET version = version + 1, writer = 'funding' WHERE id = 1`);
  const inserted = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO exchange_ledger (address, amount, reason, created_at)
        VALUES (${address}, ${amount}, ${reason}, ${nowSeconds})
        ON CONFLICT (address) WHERE reason = 'grant' DO NOTHING
        RETURNING id::text AS id`,
  );
  if (inserted.length === 0) return false;
  await writeHoldingChanges(tx, [{ address, asset: COLLATERAL, balance: amount, reserved: 0 }]);
  return true;
}
