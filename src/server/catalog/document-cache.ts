import type { Db } from '../db/open';
import { JsonText } from '../http/json-text';

/**
 * Event documents already read, kept in memory with the version of the row they were read from
 * (repository.ts: its xmin and ctid). A list's first page tells its query the versions it showed
 * last time, and the query sends only the documents whose version is not among them: the documents
 * of a busy list's first page are the largest (~600 kB for 100 events), and reading them out of the
 * database (decompressing them and copying them through the driver) took most of the page's time
 * (docs/performance.md, "The dashboard's lists"). Versions are compared in the page's own statement,
 * so a document served is never older than the page: a rewritten document (the exchange's catalog
 * follower, an import, another process) has a new version and is sent again.
 *
 * xmin is a 32-bit transaction id and wraps around: an entry would be wrong only if its event's
 * document were next rewritten exactly 2^32 transactions after it was read, into the same place.
 *
 * One cache per database handle (a transaction's handle gets its own): versions of different
 * databases say nothing about each other.
 */
export class DocumentCache {
  private readonly entries = new Map<string, { revision: string; document: JsonText }>();
  private bytes = 0;
  /** Per list (repository.ts names them), the versions of the documents its first page last showed. */
  private readonly lists = new Map<string, string[]>();

  constructor(private readonly maxBytes: number) {}

  /** The document of `eventId` as it is at row version `revision`, if held. */
  get(eventId: string, revision: string): JsonText | undefined {
    const entry = this.entries.get(eventId);
    if (entry?.revision !== revision) return undefined;
    // Map order is insertion order: moved to the end, it is the most recently used.
    this.entries.delete(eventId);
    this.entries.set(eventId, entry);
    return entry.document;
  }

  /** Holds this document (read at `revision`), in place of any other version of it; returns it. */
  set(eventId: string, revision: string, text: string): JsonText {
    const document = new JsonText(text);
    this.remove(eventId);
    const size = weight(document);
    if (size > this.maxBytes) return document;
    this.entries.set(eventId, { revision, document });
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
    return document;
  }

  /** The versions of the documents this list showed last: the query need not send those again. */
  shown(list: string): string[] {
    return this.lists.get(list) ?? [];
  }

  /** Notes the versions this list shows now. */
  remember(list: string, revisions: string[]): void {
    // Bounded; forgetting only costs the next page of a list its documents read once more.
    if (this.lists.size >= 1_000 && !this.lists.has(list)) this.lists.clear();
    this.lists.set(list, revisions);
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(eventId: string): void {
    const entry = this.entries.get(eventId);
    if (!entry) return;
    this.entries.delete(eventId);
    this.bytes -= weight(entry.document);
  }
}

/** What a held document costs: its text and the UTF-8 bytes it is encoded to once (~2 bytes a character at most here). */
const weight = (document: JsonText) => document.text.length * 2;

/** Documents held per database: ~16 MB, the first pages of every dashboard list several times over. */
const MAX_BYTES = 16 * 1024 * 1024;
const caches = new WeakMap<Db, DocumentCache>();

/** The document cache of this database handle. */
export function documentCache(db: Db): DocumentCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new DocumentCache(MAX_BYTES);
    caches.set(db, cache);
  }
  return cache;
}
