import type { Database, Db } from '../db/open';
import { serverClock } from './clock';
import { type ApiKeyRow, findApiKey, type KeySummary, listActiveKeys } from './key-store';

/**
 * Reads of API keys for every authenticated request, with an in-process cache when the database
 * is the embedded one. PGlite can be opened by one process only (config refuses WORKERS>1 without
 * DATABASE_URL) and runs its queries on the server's own thread, so every write passes through
 * this process and a cache is both coherent and the difference between ~50 and ~1000s of L2
 * requests per second. On PostgreSQL several processes share the data and revocation must be
 * seen at once everywhere, so nothing is cached there.
 *
 * Coherence: writers call `changed()` after their transaction settles; it drops the entries and
 * bumps a version, and a read that started before a change never stores its (possibly stale) row.
 *
 * One exception on PostgreSQL: a request whose action commits through the exchange's writer (placing
 * and cancelling orders) may take its key from this cache, because the writer's transaction checks
 * again that the key is not revoked (writer.ts TURN_AND_MARKS) and refuses the request if another
 * process revoked it meanwhile. A key row changes only by being revoked, so that check is the whole
 * of what a cached row can miss; it saves the order path a round trip to the database per request.
 * Such a row is trusted for KEY_TRUST_MS only, so that what is answered before the writer (a malformed
 * order's refusal, say) also tells of a revocation made elsewhere within a second.
 */
export const KEY_TRUST_MS = 1000;

export class KeyReader {
  private readonly rows = new Map<string, { row: ApiKeyRow; at: number }>();
  private readonly lists = new Map<string, KeySummary[]>();
  private version = 0;
  private static readonly MAX_ENTRIES = 10_000;

  constructor(private readonly cacheEnabled: boolean) {}

  /**
   * The key's row. `revocationCheckedAtCommit`: the caller's action commits through the exchange's
   * writer, which refuses it if the key was revoked (so the row may come from the cache on PostgreSQL too).
   */
  async findKey(db: Db, apiKey: string, revocationCheckedAtCommit = false): Promise<ApiKeyRow | undefined> {
    if (!this.cacheEnabled && !revocationCheckedAtCommit) return findApiKey(db, apiKey);
    const hit = this.rows.get(apiKey);
    if (hit && (this.cacheEnabled || performance.now() - hit.at < KEY_TRUST_MS)) return hit.row;
    const started = this.version;
    const at = performance.now();
    const row = await findApiKey(db, apiKey);
    if (row && started === this.version) this.store(this.rows, apiKey, { row, at });
    return row;
  }

  async listActive(db: Db, address: string): Promise<KeySummary[]> {
    if (!this.cacheEnabled) return listActiveKeys(db, address);
    const hit = this.lists.get(address);
    // A cached list drops its session keys as they end.
    if (hit) return hit.filter((k) => !k.expiresAt || k.expiresAt.getTime() > serverClock.nowMs());
    const started = this.version;
    const list = await listActiveKeys(db, address);
    if (started === this.version) this.store(this.lists, address, [...list]);
    return list;
  }

  /** A key the writer found revoked: its next request reads it again (and is told why it fails). */
  forget(apiKey: string): void {
    this.version += 1;
    this.rows.delete(apiKey);
  }

  /** After a create or revoke of `address`'s keys has committed (or failed). */
  changed(address: string, apiKey?: string): void {
    this.version += 1;
    this.lists.delete(address);
    if (apiKey) this.rows.delete(apiKey);
  }

  private store<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= KeyReader.MAX_ENTRIES) map.clear();
    map.set(key, value);
  }
}

const readers = new WeakMap<Database, KeyReader>();

/** One reader per database, so every app instance on one embedded database shares its cache. */
export function keyReaderFor(database: Database): KeyReader {
  let reader = readers.get(database);
  if (!reader) {
    reader = new KeyReader(database.kind === 'pglite');
    readers.set(database, reader);
  }
  return reader;
}
