import type { Db } from '../../db/open';
import { arrayParam, PreparedStatement, runPrepared, withParams } from '../../db/prepared';

/** One address's holding of one asset, in base units. */
export interface Holding {
  balance: number;
  reserved: number;
}

type HoldingKey = { address: string; asset: string };

/**
 * The stored holdings of a list of (address, asset), given as two text[] placeholders of the same length
 * (`holdingKeysParams`): rows of address, asset, balance, reserved. Arrays, not JSON: each pair is then
 * one lookup of the primary key (db/prepared.ts `arrayParam`).
 */
export function storedHoldingsText(addresses: string, assets: string): string {
  return `SELECT b.address, b.asset, b.balance::text, b.reserved::text
   FROM unnest(${addresses}::text[], ${assets}::text[]) AS w(address, asset)
   JOIN exchange_balances b ON b.address = w.address AND b.asset = w.asset`;
}

/** The two parameters of `storedHoldingsText`. */
export function holdingKeysParams(keys: readonly HoldingKey[]): [string, string] {
  return [arrayParam(keys.map((k) => k.address)), arrayParam(keys.map((k) => k.asset))];
}

export const READ_HOLDINGS = new PreparedStatement('exchange_read_holdings', storedHoldingsText('$1', '$2'));

const keyOf = (address: string, asset: string) => `${address}\u0000${asset}`;

/**
 * Balances as the writer sees them: loaded from the database on first use, then kept up to date by the
 * writer's own changes, each also recorded as an increment for the batch's commit (increments, not
 * absolute values, so a stale copy can never overwrite another process's change).
 */
export class Holdings {
  /** By address, then asset: two lookups of strings whose hashes are kept, not a joined key hashed anew. */
  private readonly held = new Map<string, Map<string, Holding>>();
  /** The batch's increments, by the holding they change. */
  private pending = new Map<Holding, HoldingChange>();

  /**
   * Loads the holdings not yet known (a missing row is an empty holding), in the transaction `tx` of
   * `root` (the writer's).
   */
  async load(root: Db, tx: Db, wanted: Iterable<HoldingKey>): Promise<void> {
    const missing = this.missing(wanted);
    if (missing.length === 0) return;
    const found = await runPrepared(root, tx, READ_HOLDINGS, holdingKeysParams(missing));
    this.remember(
      missing,
      found.map(([address, asset, balance, reserved]) => ({
        address: address!,
        asset: asset!,
        balance: balance!,
        reserved: reserved!,
      })),
    );
  }

  /** Of these holdings, those not known here (each once). */
  missing(wanted: Iterable<HoldingKey>): HoldingKey[] {
    const missing = new Map<string, HoldingKey>();
    for (const w of wanted) {
      if (!this.find(w.address, w.asset)) missing.set(keyOf(w.address, w.asset), w);
    }
    return [...missing.values()];
  }

  /** Takes in what a read of the `asked` holdings found (a holding with no row is empty). */
  remember(
    asked: readonly HoldingKey[],
    found: readonly { address: string; asset: string; balance: string; reserved: string }[],
  ): void {
    for (const w of asked) this.put(w.address, w.asset, { balance: 0, reserved: 0 });
    for (const f of found) {
      this.put(f.address, f.asset, { balance: Number(f.balance), reserved: Number(f.reserved) });
    }
  }

  get(address: string, asset: string): Holding {
    const holding = this.find(address, asset);
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
    let p = this.pending.get(h);
    if (!p) {
      p = { address, asset, balance: 0, reserved: 0 };
      this.pending.set(h, p);
    }
    p.balance += balance;
    p.reserved += reserved;
  }

  /** The batch's increments, emptied: written by the writer's commit. */
  takePending(): HoldingChange[] {
    const out = [...this.pending.values()].filter((p) => p.balance !== 0 || p.reserved !== 0);
    this.pending = new Map();
    return out;
  }

  /** Forget everything (another process wrote, or a commit failed): reload on next use. */
  clear(): void {
    this.held.clear();
    this.pending = new Map();
  }

  private find(address: string, asset: string): Holding | undefined {
    return this.held.get(address)?.get(asset);
  }

  private put(address: string, asset: string, holding: Holding): void {
    let assets = this.held.get(address);
    if (!assets) {
      assets = new Map();
      this.held.set(address, assets);
    }
    assets.set(asset, holding);
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

type HoldingChange = HoldingKey & Holding;

/**
 * Increments as the four array parameters of `holdingChangesText` (addresses, assets, balances, reserved):
 * arrays, so each increment is one lookup of the primary key (db/prepared.ts `arrayParam`).
 */
export function holdingChangesParams(changes: readonly HoldingChange[]): [string, string, string, string] {
  return [
    ...holdingKeysParams(changes),
    arrayParam(changes.map((c) => c.balance)),
    arrayParam(changes.map((c) => c.reserved)),
  ];
}

/**
 * The WITH clauses that write increments (existing rows updated, new ones inserted), for a statement that
 * writes more: `params` are the placeholders of `holdingChangesParams` (`['$4', '$5', '$6', '$7']`).
 * (Not an upsert: PostgreSQL checks an INSERT's row, here the increment, before it finds the conflict.)
 */
export function holdingChangesText([addresses, assets, balances, reserved]: string[]): string {
  return `holding_input AS (
      SELECT * FROM unnest(${addresses}::text[], ${assets}::text[], ${balances}::bigint[], ${reserved}::bigint[])
        AS t(address, asset, balance, reserved)),
    ${HOLDING_WRITES}`;
}

/** Writes increments of balances, in one statement. */
export async function writeHoldingChanges(db: Db, changes: HoldingChange[]): Promise<void> {
  if (changes.length === 0) return;
  const text = `WITH ${holdingChangesText(['$1', '$2', '$3', '$4'])} SELECT 1`;
  await db.execute(withParams(text, holdingChangesParams(changes)));
}
