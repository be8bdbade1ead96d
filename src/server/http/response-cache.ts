import { createHash } from 'node:crypto';
import { sameContent } from './content-coding';
import { jsonBytes } from './json-text';

/**
 * In-memory cache of serialized catalog responses (body bytes + ETag), keyed by the canonical form
 * of a request. The catalog is read-only for the server: it changes only when the import command
 * writes to the database, from another process the server hears nothing from. So an entry lives
 * `ttlMs` at most; that is the staleness bound of the server (clients may add their own
 * Cache-Control max-age on top). PGlite answers one query at a time: without this cache a hot list
 * would queue every request behind the database.
 *
 * Bounded LRU (entries and bytes), and concurrent misses of one key share one load (one database
 * query in flight per key). An entry past its TTL is refreshed in the background by the first
 * request that finds it, and served as it was while that one refresh runs (for at most `staleMs`):
 * no reader waits on a refresh of a view that was already cached, and a failed refresh leaves the
 * entry in place until its stale time is up.
 */

export interface CachedResponse {
  body: Buffer;
  etag: string;
  /** Extra headers that belong to the body (e.g. X-Total-Count). */
  headers: Record<string, string>;
}

interface Entry {
  value: CachedResponse;
  expires: number;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  /** How long past its TTL an entry may still be served while it is being refreshed (default 0). */
  staleMs?: number;
  /**
   * Background refreshes in flight at most (default 2): the rest of the database's connections stay
   * free for requests that must wait on it. A stale entry over the limit is served as it is, and
   * refreshed by a later request.
   */
  maxRefreshes?: number;
  /** Each entry lives ttlMs shortened by up to this fraction, so entries cached together do not all expire together. */
  ttlJitter?: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedResponse | null>>();
  private bytes = 0;
  private refreshing = 0;
  private readonly now: () => number;
  /** Loads started (misses that reached the loader): lets tests see coalescing and hits. */
  loads = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The cached response, or the loader's (shared with concurrent callers of the same key); a stale
   * entry is returned at once while the loader refreshes it.
   */
  async get(key: string, load: () => Promise<CachedResponse | null>): Promise<CachedResponse | null> {
    const hit = this.lookup(key);
    if (hit) return hit;
    const stale = this.staleEntry(key);
    if (!stale) return this.inFlight.get(key) ?? this.load(key, load);
    if (!this.inFlight.has(key) && this.refreshing < (this.options.maxRefreshes ?? 2)) {
      this.refreshing++;
      this.load(key, load)
        .catch(() => {}) // a failed refresh keeps the stale entry; a later request tries again
        .finally(() => this.refreshing--);
    }
    return stale;
  }

  private load(key: string, load: () => Promise<CachedResponse | null>): Promise<CachedResponse | null> {
    this.loads++;
    const promise = load().then(
      (value) => {
        this.inFlight.delete(key);
        // null (e.g. not found) is not cached: it must not hold a slot or hide a later import.
        if (value) this.store(key, value);
        else this.remove(key);
        return value;
      },
      (err: unknown) => {
        this.inFlight.delete(key);
        throw err;
      },
    );
    this.inFlight.set(key, promise);
    return promise;
  }

  /** A fresh entry, marked most recently used. */
  lookup(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= this.now()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** An expired entry still within its stale time; one past it is dropped. */
  private staleEntry(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires + (this.options.staleMs ?? 0) > this.now()) return entry.value;
    this.remove(key);
    return undefined;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.value.body.length;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, fresh: CachedResponse): void {
    const size = fresh.body.length;
    if (size > this.options.maxBytes) return;
    // A refresh that found the same answer keeps the one already held, with its compressed forms:
    // no new compression and no garbage every TTL while the catalog does not change.
    const held = this.entries.get(key)?.value;
    const value = held && sameResponse(held, fresh) ? held : fresh;
    this.remove(key);
    const ttl = this.options.ttlMs * (1 - Math.random() * (this.options.ttlJitter ?? 0));
    this.entries.set(key, { value, expires: this.now() + ttl });
    this.bytes += size;
    // Map iteration order is insertion order: the first key is the least recently used.
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.value.body.length;
    }
  }
}

function sameResponse(a: CachedResponse, b: CachedResponse): boolean {
  return a.etag === b.etag && JSON.stringify(a.headers) === JSON.stringify(b.headers);
}

/** A serialized JSON response (stored event documents spliced in as they are) with its strong ETag (hash of the bytes). */
export function jsonResponse(value: unknown, headers: Record<string, string> = {}): CachedResponse {
  const body = jsonBytes(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, headers };
}

/**
 * If-None-Match matches this ETag (a list, weak comparison as RFC 9110 asks for GET, or `*`); an
 * ETag of another content coding of the same content matches too.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = sameContent(etag.replace(/^W\//, ''));
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || sameContent(tag.replace(/^W\//, '')) === bare) return true;
  }
  return false;
}
