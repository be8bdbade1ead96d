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
 */
export class KeyReader {
  private readonly rows = new Map<string, ApiKeyRow>();
  private readonly lists = new Map<string, KeySummary[]>();
  private version = 0;
  private static readonly MAX_ENTRIES = 10_000;

  constructor(private readonly cacheEnabled: boolean) {}

  async findKey(db: Db, apiKey: string): Promise<ApiKeyRow | undefined> {
    if (!this.cacheEnabled) return findApiKey(db, apiKey);
    const hit = this.rows.get(apiKey);
    if (hit) return hit;
    const started = this.version;
    const row = await findApiKey(db, apiKey);
    if (row && started === this.version) this.store(this.rows, apiKey, row);
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
