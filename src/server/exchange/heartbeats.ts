import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';

/**
 * Heartbeats, the reference's dead man's switch (docs/api.md, "Heartbeats"): a program that starts a
 * chain (POST /v1/heartbeats without an id) and then stops sending heartbeats has every live order of
 * its address cancelled. Chains are rows (exchange_heartbeats), so every process sees them and a chain
 * outlives a restart; the writer cancels a lapsed chain's orders in the same transaction that marks it
 * lapsed (writer.ts, `lapse`), so a chain is never marked without its cancels, nor cancelled twice.
 */

/** Seconds a chain waits for its next heartbeat (the reference's 10). */
export const HEARTBEAT_SECONDS = 10;

/**
 * A heartbeat's deadline on the exchange's clock (whole seconds): one second more than the window, so a
 * heartbeat late in its second still has the whole 10 s. The chain lapses when the clock reaches it.
 */
export const deadlineAfter = (now: number) => now + HEARTBEAT_SECONDS + 1;

export type Beat =
  | { ok: true; heartbeatId: string }
  /** A new chain cannot replace one whose deadline passed until its orders are cancelled. */
  | { ok: false; reason: 'due' }
  /** The chain of this id lapsed (at `lapsedAt`, unix seconds): its orders are cancelled. */
  | { ok: false; reason: 'lapsed'; lapsedAt: number }
  /** Not the id of this key's chain (none running, or another replaced it). */
  | { ok: false; reason: 'unknown' };

/**
 * One heartbeat of `key`: with no id it starts a chain (replacing the key's previous one, unless that
 * one is due and not yet cancelled); with the chain's id it renews the deadline while the chain runs.
 */
export async function beat(
  db: Db,
  key: { apiKey: string; address: string },
  heartbeatId: string | null,
  now: number,
): Promise<Beat> {
  const deadline = deadlineAfter(now);
  if (heartbeatId === null) {
    const [started] = await rows<{ heartbeat_id: string }>(
      db,
      sql`INSERT INTO exchange_heartbeats (api_key, address, heartbeat_id, deadline)
          VALUES (${key.apiKey}, ${key.address}, ${randomUUID()}, ${deadline})
          ON CONFLICT (api_key) DO UPDATE
            SET address = excluded.address, heartbeat_id = excluded.heartbeat_id,
                deadline = excluded.deadline, lapsed_at = NULL
            WHERE exchange_heartbeats.lapsed_at IS NOT NULL OR exchange_heartbeats.deadline > ${now}
          RETURNING heartbeat_id`,
    );
    return started ? { ok: true, heartbeatId: started.heartbeat_id } : { ok: false, reason: 'due' };
  }
  const [renewed] = await rows<{ heartbeat_id: string }>(
    db,
    sql`UPDATE exchange_heartbeats SET deadline = ${deadline}
        WHERE api_key = ${key.apiKey} AND heartbeat_id = ${heartbeatId}
          AND lapsed_at IS NULL AND deadline > ${now}
        RETURNING heartbeat_id`,
  );
  if (renewed) return { ok: true, heartbeatId: renewed.heartbeat_id };
  const [chain] = await rows<{ deadline: number; lapsed_at: number | null }>(
    db,
    sql`SELECT deadline, lapsed_at FROM exchange_heartbeats
        WHERE api_key = ${key.apiKey} AND heartbeat_id = ${heartbeatId}`,
  );
  // Past its deadline the chain has lapsed, swept or not: its orders go (or went) either way.
  return chain
    ? { ok: false, reason: 'lapsed', lapsedAt: Number(chain.lapsed_at ?? chain.deadline) }
    : { ok: false, reason: 'unknown' };
}

/** Whether `apiKey`'s chain is past its deadline and its orders not yet cancelled. */
export async function isDue(db: Db, apiKey: string, now: number): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM exchange_heartbeats WHERE api_key = ${apiKey} AND lapsed_at IS NULL AND deadline <= ${now}`,
  );
  return found.length > 0;
}

/** Whether any chain is due (the sweep's cheap look, through the partial index). */
export async function anyDue(db: Db, now: number): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM exchange_heartbeats WHERE lapsed_at IS NULL AND deadline <= ${now} LIMIT 1`,
  );
  return found.length > 0;
}

/**
 * Marks every due chain lapsed (at its deadline) and answers whose they were: inside the writer's
 * transaction, which cancels their addresses' live orders before it commits.
 */
export function claimDue(db: Db, now: number): Promise<{ apiKey: string; address: string }[]> {
  return rows(
    db,
    sql`UPDATE exchange_heartbeats SET lapsed_at = deadline
        WHERE lapsed_at IS NULL AND deadline <= ${now}
        RETURNING api_key AS "apiKey", address`,
  );
}
