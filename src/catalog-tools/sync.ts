import { sql } from 'drizzle-orm';
import type { Series, Tag } from '../contract/catalog';
import { type Db, rows } from '../server/db/open';
import { importEvents, type Tx } from './import';
import { importHistories } from './import-history';
import { analyzeCatalog } from './seed';

/**
 * `catalog sync --from <gamma_url>`: makes this catalog a mirror of any service that speaks the
 * catalog interface (this one included). Events come by keyset pages in id order (offset pages where
 * the source has no keyset), each page through the same normalise-and-load path as `import`, in one
 * transaction with the sync's progress: a sync killed at any moment resumes after its last loaded page,
 * and loading a page twice changes nothing. Tags and series no event carries come from their lists.
 * With `clob`, the price histories of the synced tokens follow, a batch of tokens per transaction
 * (for a two-outcome market only the first: the second is served as 1 − the first, docs/api.md §6a).
 * Requests are paced by the source: a 429 waits its Retry-After; failures are retried with backoff.
 */

export interface SyncOptions {
  /** The source's catalog base URL (`https://…/gamma`). */
  gamma: string;
  /** The source's trading base URL (`https://…/clob`), for price histories. */
  clob?: string;
  /** Events per page (keyset pages allow up to 500). */
  pageSize?: number;
  fetch?: typeof fetch;
  /** Called after each loaded page. */
  onProgress?: (progress: SyncProgress) => void;
  /** Stops between pages (what a kill does, but tidily: the progress is kept). */
  signal?: AbortSignal;
  /** Waits (tests shorten them). */
  sleep?: (ms: number) => Promise<void>;
}

export interface SyncProgress {
  events: number;
  /** Price histories copied so far. */
  histories?: number;
  /** The source's event count when it says (X-Total-Count), else null. */
  total: number | null;
  pages: number;
}

export interface SyncSummary extends SyncProgress {
  mode: 'keyset' | 'offset';
  /** Events already loaded by an earlier, interrupted sync of the same source. */
  resumedFrom: number;
  tags: number;
  series: number;
  /** Requests repeated after a 429, a 5xx or a network failure. */
  retries: number;
  skipped: number;
  seconds: number;
  complete: boolean;
  /** Price histories copied, their points, and tokens the source had no history for. */
  histories: number;
  points: number;
  noHistory: number;
}

export class SyncError extends Error {}

const MAX_WAIT_MS = 60_000;
const ATTEMPTS = 6;

export async function syncCatalog(db: Db, options: SyncOptions): Promise<SyncSummary> {
  const started = performance.now();
  const gamma = options.gamma.replace(/\/+$/, '');
  const source = gamma;
  const pageSize = options.pageSize ?? 500;
  const http = new PacedClient(options.fetch ?? fetch, options.sleep ?? sleepMs);

  const summary: SyncSummary = {
    mode: 'keyset',
    events: 0,
    total: null,
    pages: 0,
    resumedFrom: 0,
    tags: 0,
    series: 0,
    retries: 0,
    skipped: 0,
    seconds: 0,
    complete: false,
    histories: 0,
    points: 0,
    noHistory: 0,
  };

  summary.tags = await copyList<Tag>(http, `${gamma}/tags`, (items) => insertTags(db, items));
  summary.series = await copyList<Series>(http, `${gamma}/series`, (items) => insertSeries(db, items));
  summary.total = await http.total(`${gamma}/events?limit=0`);

  const saved = await progressOf(db, source);
  const clob = options.clob?.replace(/\/+$/, '');
  if (saved?.phase === 'histories') {
    if (!clob)
      throw new SyncError(
        'the interrupted sync of this source was copying price histories: give --clob again',
      );
    summary.complete = true;
  } else {
    await syncEvents(saved);
  }
  if (summary.complete && clob) {
    summary.complete = false;
    await syncHistories(
      db,
      http,
      clob,
      source,
      saved?.phase === 'histories' ? saved : null,
      summary,
      options,
    );
  }
  if (summary.complete) await analyzeCatalog(db);
  summary.retries = http.retries;
  summary.seconds = (performance.now() - started) / 1000;
  return summary;

  async function syncEvents(saved: Saved | null): Promise<void> {
    let position = saved?.position ?? '';
    summary.resumedFrom = saved?.done ?? 0;
    summary.events = summary.resumedFrom;
    summary.mode =
      (saved?.phase as 'keyset' | 'offset' | undefined) ??
      ((await http.exists(`${gamma}/events/keyset?limit=1`)) ? 'keyset' : 'offset');

    while (!options.signal?.aborted) {
      const { events, next } =
        summary.mode === 'keyset'
          ? await keysetPage(http, gamma, pageSize, position)
          : await offsetPage(http, gamma, Math.min(pageSize, 100), Number(position || 0));
      if (events.length === 0 && next === null) break;
      const done = summary.events + events.length;
      const report = await importEvents(db, events, {
        analyze: false,
        // After the last page: the histories' step next, or nothing left to resume.
        alongside: (tx) =>
          next !== null
            ? remember(tx, source, summary.mode, next, done)
            : clob
              ? remember(tx, source, 'histories', '', 0)
              : forget(tx, source),
      });
      if (report.errors.length > 0) {
        const first = report.errors[0]!;
        throw new SyncError(
          `the source's event ${first.id ?? `#${first.index}`} cannot be loaded: ${first.field}: ${first.reason} (${report.errors.length} problem(s) in this page; nothing of it was loaded)`,
        );
      }
      summary.skipped += report.skipped;
      summary.events = done;
      summary.pages++;
      options.onProgress?.({ events: summary.events, total: summary.total, pages: summary.pages });
      if (next === null) {
        summary.complete = true;
        break;
      }
      position = next;
    }
  }
}

/** Tokens whose histories are copied per transaction. */
const HISTORY_BATCH = 25;

async function syncHistories(
  db: Db,
  http: PacedClient,
  clob: string,
  source: string,
  saved: Saved | null,
  summary: SyncSummary,
  options: SyncOptions,
): Promise<void> {
  let after = saved?.position ?? '';
  let done = saved?.done ?? 0;
  while (!options.signal?.aborted) {
    const tokens = await tokensAfter(db, after, HISTORY_BATCH);
    if (tokens.length === 0) {
      await forget(db, source);
      summary.complete = true;
      return;
    }
    const entries: { market: string; history: unknown[] }[] = [];
    for (const token of tokens) {
      const answer = await http.jsonOrMissing<{ history?: unknown[] }>(
        `${clob}/prices-history?market=${encodeURIComponent(token)}&interval=max&fidelity=1`,
      );
      if (answer && Array.isArray(answer.history) && answer.history.length > 0)
        entries.push({ market: token, history: answer.history });
      else summary.noHistory++;
    }
    const last = tokens[tokens.length - 1]!;
    done += entries.length;
    const report = await importHistories(db, entries, (tx) => remember(tx, source, 'histories', last, done));
    if (report.errors.length > 0) {
      const first = report.errors[0]!;
      throw new SyncError(
        `the source's price history of token ${first.market}: ${first.field}: ${first.reason}`,
      );
    }
    if (entries.length === 0) await remember(db, source, 'histories', last, done);
    summary.histories += report.imported;
    summary.points += report.points;
    after = last;
    options.onProgress?.({
      events: summary.events,
      total: summary.total,
      pages: summary.pages,
      histories: summary.histories,
    });
  }
}

/** The catalog's outcome tokens after `after`, in order; of a two-outcome market only the first. */
async function tokensAfter(db: Db, after: string, limit: number): Promise<string[]> {
  const found = await rows<{ token: string }>(
    db,
    sql`SELECT t.token_id AS token FROM outcome_tokens t JOIN markets m ON m.id = t.market_id
        WHERE t.token_id > ${after} AND (cardinality(m.clob_token_ids) <> 2 OR t.outcome = 0)
        ORDER BY t.token_id LIMIT ${limit}`,
  );
  return found.map((r) => r.token);
}

interface Page {
  events: unknown[];
  /** Where the next page starts, or null after the last one. */
  next: string | null;
}

async function keysetPage(http: PacedClient, gamma: string, limit: number, cursor: string): Promise<Page> {
  const after = cursor ? `&after_cursor=${encodeURIComponent(cursor)}` : '';
  const body = await http.json<{ events?: unknown[]; next_cursor?: string }>(
    `${gamma}/events/keyset?order=id&limit=${limit}${after}`,
  );
  if (!Array.isArray(body.events))
    throw new SyncError('the source answered /events/keyset without an events list');
  return { events: body.events, next: body.next_cursor ?? null };
}

async function offsetPage(http: PacedClient, gamma: string, limit: number, offset: number): Promise<Page> {
  const events = await http.json<unknown[]>(`${gamma}/events?order=id&limit=${limit}&offset=${offset}`);
  if (!Array.isArray(events))
    throw new SyncError('the source answered /events with something other than a list');
  return { events, next: events.length < limit ? null : String(offset + events.length) };
}

/** Every item of an offset-paged list (`/tags`, `/series`), loaded page by page. */
async function copyList<T>(
  http: PacedClient,
  url: string,
  load: (items: T[]) => Promise<void>,
): Promise<number> {
  const limit = 500;
  let count = 0;
  for (let offset = 0; ; offset += limit) {
    const items = await http.json<T[]>(`${url}?limit=${limit}&offset=${offset}`);
    if (!Array.isArray(items))
      throw new SyncError(`the source answered ${url} with something other than a list`);
    if (items.length > 0) await load(items);
    count += items.length;
    if (items.length < limit) return count;
  }
}

// ---------- what is stored ----------

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** Tags as the source has them; one whose id or slug is already here is left as it is. */
async function insertTags(db: Db, tags: Tag[]): Promise<void> {
  await db.execute(sql`
    INSERT INTO tags (id, label, slug)
    SELECT id::bigint, label, slug FROM json_to_recordset(${json(tags)}) AS t(id text, label text, slug text)
    WHERE id ~ '^[0-9]{1,18}$' AND label <> '' AND slug <> ''
    ON CONFLICT DO NOTHING`);
}

async function insertSeries(db: Db, series: Series[]): Promise<void> {
  await db.execute(sql`
    INSERT INTO series (id, slug, title)
    SELECT id::bigint, slug, title FROM json_to_recordset(${json(series)}) AS t(id text, slug text, title text)
    WHERE id ~ '^[0-9]{1,18}$' AND title <> '' AND slug <> ''
    ON CONFLICT DO NOTHING`);
}

interface Saved {
  /** `keyset` or `offset` while copying events, `histories` after them. */
  phase: 'keyset' | 'offset' | 'histories';
  position: string;
  done: number;
}

async function progressOf(db: Db, source: string): Promise<Saved | null> {
  const [row] = await rows<Saved>(
    db,
    sql`SELECT phase, position, done FROM sync_progress WHERE source = ${source}`,
  );
  return row ?? null;
}

async function remember(
  tx: Tx | Db,
  source: string,
  phase: Saved['phase'],
  position: string,
  done: number,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO sync_progress (source, phase, position, done) VALUES (${source}, ${phase}, ${position}, ${done})
    ON CONFLICT (source) DO UPDATE SET phase = EXCLUDED.phase, position = EXCLUDED.position,
      done = EXCLUDED.done, updated_at = now()`);
}

async function forget(tx: Tx | Db, source: string): Promise<void> {
  await tx.execute(sql`DELETE FROM sync_progress WHERE source = ${source}`);
}

// ---------- polite HTTP ----------

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as Retry-After may say; capped so a wrong header cannot stall forever. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(MAX_WAIT_MS, Math.max(0, ms)) : null;
}

class PacedClient {
  retries = 0;
  constructor(
    private readonly fetchImpl: typeof fetch,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** The response for a GET, after waiting out 429s and retrying failures; 4xx other than 429 as is. */
  private async get(url: string): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response | null = null;
      try {
        response = await this.fetchImpl(url, { headers: { accept: 'application/json' } });
      } catch (err) {
        if (attempt >= ATTEMPTS)
          throw new SyncError(`${url}: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (response && response.status !== 429 && response.status < 500) return response;
      if (response && response.status >= 500 && attempt >= ATTEMPTS)
        throw new SyncError(`${url} → ${response.status} after ${ATTEMPTS} attempts`);
      const wait =
        (response?.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : null) ??
        Math.min(MAX_WAIT_MS, 250 * 2 ** (attempt - 1));
      await response?.body?.cancel();
      this.retries++;
      await this.sleep(wait);
    }
  }

  async json<T>(url: string): Promise<T> {
    const response = await this.get(url);
    if (!response.ok)
      throw new SyncError(`${url} → ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
  }

  /** The answer, or null for a 404 (a token the source has no history for). */
  async jsonOrMissing<T>(url: string): Promise<T | null> {
    const response = await this.get(url);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok)
      throw new SyncError(`${url} → ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
  }

  async exists(url: string): Promise<boolean> {
    const response = await this.get(url);
    await response.body?.cancel();
    return response.ok;
  }

  /** X-Total-Count of a list, when the source tells it. */
  async total(url: string): Promise<number | null> {
    const response = await this.get(url);
    await response.body?.cancel();
    const total = Number(response.headers.get('x-total-count') ?? Number.NaN);
    return response.ok && Number.isInteger(total) ? total : null;
  }
}
