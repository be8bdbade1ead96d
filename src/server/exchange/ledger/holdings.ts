import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/open';
import { PreparedStatement, runPrepared } from '../../db/prepared';

/** One address's holding of one asset, in base units. */
export interface Holding {
  balance: number;
  reserved: number;
}

/** The stored holdings of $1, a JSON array of { address, asset }: rows of address, asset, balance, reserved. */
const READ_HOLDINGS = new PreparedStatement(
  'exchange_read_holdings',
  `SELECT b.address, b.asset, b.balance::text, b.reserved::text
   FROM exchange_balances b
   JOIN json_to_recordset($1::json) AS w(address text, asset text) ON b.address = w.address AND b.asset = w.asset`,
);

const keyOf = (address: string, asset: string) => `${address}\u0000${asset}`;

/**
 * Balances as the writer sees them: loaded from the database on first use, then kept up to date by the
 * writer's own changes, each also recorded as an increment for the batch's commit (increments, not
 * absolute values, so a stale copy can never overwrite another process's change).
 */
export class Holdings {
  private readonly held = new Map<string, Holding>();
  private pending = new Map<string, { address: string; asset: string } & Holding>();

  /**
   * Loads the holdings not yet known (a missing row is an empty holding). Inside a transaction of `root`
   * (the writer's), the read is a prepared statement.
   */
  async load(db: Db, wanted: Iterable<{ address: string; asset: string }>, root?: Db): Promise<void> {
    const missing = this.missing(wanted);
    if (missing.length === 0) return;
    const asked = JSON.stringify(missing);
    const found = root
      ? (await runPrepared(root, db, READ_HOLDINGS, [asked])).map(([address, asset, balance, reserved]) => ({
          address: address!,
          asset: asset!,
          balance: balance!,
          reserved: reserved!,
        }))
      : await rows<{ address: string; asset: string; balance: string; reserved: string }>(
          db,
          sql`SELECT b.address, b.asset, b.balance::text AS balance, b.reserved::text AS reserved
              FROM exchange_balances b
              JOIN json_to_recordset(${asked}::json) AS w(address text, asset text)
                ON b.address = w.address AND b.asset = w.asset`,
        );
    this.remember(missing, found);
  }

  /** Of these holdings, those not known here (each once). */
  missing(wanted: Iterable<{ address: string; asset: string }>): { address: string; asset: string }[] {
    const missing = new Map<string, { address: string; asset: string }>();
    for (const w of wanted) {
      const key = keyOf(w.address, w.asset);
      if (!this.held.has(key)) missing.set(key, w);
    }
    return [...missing.values()];
  }

  /** Takes in what a read of the `asked` holdings found (a holding with no row is empty). */
  remember(
    asked: readonly { address: string; asset: string }[],
    found: readonly { address: string; asset: string; balance: string; reserved: string }[],
  ): void {
    for (const w of asked) this.held.set(keyOf(w.address, w.asset), { balance: 0, reserved: 0 });
    for (const f of found) {
      this.held.set(keyOf(f.address, f.asset), { balance: Number(f.balance), reserved: Number(f.reserved) });
    }
  }

  get(address: string, asset: string): Holding {
    const holding = this.held.get(keyOf(address, asset));
    if (!holding) throw new Error(`holding of ${address} in ${asset} used before it was loaded`);
    return holding;
  }

  available(address: string, asset: string): number {
    const h = this.get(address, asset);
    return h.balance - h.reserved;
  }

  change(address: string, asset: string, balance: number, reserved: number): void {
    if (balance === 0 && reserved === 0) return;
    const h = this.get(address, asset);
    h.balance += balance;
    h.reserved += reserved;
    if (h.reserved < 0 || h.balance < h.reserved) {
      throw new Error(
        `ledger rule broken for ${address} in ${asset}: ${h.balance} held, ${h.reserved} reserved`,
      );
    }
    const key = keyOf(address, asset);
    const p = this.pending.get(key) ?? { address, asset, balance: 0, reserved: 0 };
    p.balance += balance;
    p.reserved += reserved;
    this.pending.set(key, p);
  }

  /** The batch's increments, emptied: written by the writer's commit. */
  takePending(): ({ address: string; asset: string } & Holding)[] {
    const out = [...this.pending.values()].filter((p) => p.balance !== 0 || p.reserved !== 0);
    this.pending = new Map();
    return out;
  }

  /** Forget everything (another process wrote, or a commit failed): reload on next use. */
  clear(): void {
    this.held.clear();
    this.pending = new Map();
  }
}

/** What the clauses below read: `holding_input`, the increments (address, asset, balance, reserved). */
const HOLDING_WRITES = `holding_updated AS (
      UPDATE exchange_balances b SET balance = b.balance + i.balance, reserved = b.reserved + i.reserved
      FROM holding_input i WHERE b.address = i.address AND b.asset = i.asset
      RETURNING b.address, b.asset),
    holding_inserted AS (
      INSERT INTO exchange_balances (address, asset, balance, reserved)
      SELECT i.address, i.asset, i.balance, i.reserved FROM holding_input i
      WHERE NOT EXISTS (SELECT 1 FROM holding_updated u WHERE u.address = i.address AND u.asset = i.asset))`;

/**
 * The WITH clauses that write increments (existing rows updated, new ones inserted), for a statement of
 * their own or one that writes more. (Not an upsert: PostgreSQL checks an INSERT's row, here the
 * increment, before it finds the conflict.)
 */
export function holdingChangesClauses(changes: ({ address: string; asset: string } & Holding)[]): SQL {
  return sql`holding_input AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(changes)}::json)
        AS t(address text, asset text, balance bigint, reserved bigint)),
    ${sql.raw(HOLDING_WRITES)}`;
}

/**
 * The same clauses as text, for a prepared statement: `param` is the placeholder of the increments as
 * JSON (`$4`), an array of { address, asset, balance, reserved }.
 */
export function holdingChangesText(param: string): string {
  return `holding_input AS (
      SELECT * FROM json_to_recordset(${param}::json) AS t(address text, asset text, balance bigint, reserved bigint)),
    ${HOLDING_WRITES}`;
}

/** Writes increments of balances, in one statement. */
export async function writeHoldingChanges(
  db: Db,
  changes: ({ address: string; asset: string } & Holding)[],
): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`WITH ${holdingChangesClauses(changes)} SELECT 1`);
}
