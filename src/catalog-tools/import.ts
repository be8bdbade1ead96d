import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Event, Series, Tag } from '../contract/catalog';
import { upsertEvents } from '../server/catalog/load';
import { type Db, rows } from '../server/db/open';
import { DEMO_ENDED, forgetDemoCatalog } from './demo-catalog';
import { analyzeCatalog } from './seed';
import { type ImportError, type ImportWarning, normalizeEvents, parseImportText } from './normalize';

export interface ImportReport {
  /** Events found in the file. */
  total: number;
  /** Events written (0 whenever there is an error: an import is all or nothing). */
  imported: number;
  /** Events skipped with a warning (nothing but placeholder markets). */
  skipped: number;
  errors: ImportError[];
  warnings: ImportWarning[];
  /** Tags/series of the catalog that the file's own ids replaced (same slug, other id). */
  merged: string[];
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Thrown inside the transaction to roll it back when the catalog itself conflicts with the file. */
class Rejected extends Error {
  constructor(readonly errors: ImportError[]) {
    super('import rejected');
  }
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/**
 * Imports events (docs/api.md §8) in one transaction: every event is valid and written, or nothing is.
 * Re-importing an id updates that event and replaces its markets, tags and series.
 */
export async function importEvents(
  db: Db,
  raws: readonly unknown[],
  options: {
    /** Written in the same transaction, after the events (a sync's progress). */
    alongside?: (tx: Tx) => Promise<void>;
    /** Refresh the planner's statistics (default); a sync does it once at its end. */
    analyze?: boolean;
  } = {},
): Promise<ImportReport> {
  const normalized = normalizeEvents(raws);
  const report: ImportReport = {
    total: raws.length,
    imported: 0,
    skipped: raws.length - normalized.events.length - new Set(normalized.errors.map((e) => e.index)).size,
    errors: normalized.errors,
    warnings: normalized.warnings,
    merged: [],
  };
  if (report.errors.length > 0 || normalized.events.length === 0) return report;

  try {
    await db.transaction(async (tx) => {
      const conflicts = await catalogConflicts(tx, normalized.events, normalized.indexes);
      if (conflicts.length > 0) throw new Rejected(conflicts);
      report.merged.push(...(await mergeBySlug(tx, 'tags', normalized.events)));
      report.merged.push(...(await mergeBySlug(tx, 'series', normalized.events)));
      await upsertEvents(tx, normalized.events);
      if (await forgetDemoCatalog(tx)) report.merged.push(DEMO_ENDED);
      await options.alongside?.(tx);
      if (options.analyze !== false) await analyzeCatalog(tx);
    });
  } catch (err) {
    if (err instanceof Rejected) return { ...report, errors: err.errors };
    throw err;
  }
  return { ...report, imported: normalized.events.length };
}

export async function importFile(db: Db, path: string): Promise<ImportReport> {
  return importEvents(db, parseImportText(await readFile(path, 'utf8')));
}

/**
 * What the file cannot change without breaking another event of the catalog: an event slug held by
 * another event id, or a market that belongs to another event (moving it could leave that event with
 * no market). Events of the same file are being replaced, so their current rows do not count.
 */
async function catalogConflicts(tx: Tx, events: Event[], indexes: number[]): Promise<ImportError[]> {
  const errors: ImportError[] = [];
  const incoming = new Set(events.map((e) => e.id));

  const bySlug = new Map(events.map((e, i) => [e.slug, i]));
  const slugRows = await rows<{ id: string; slug: string }>(
    tx,
    sql`SELECT id::text AS id, slug FROM events
        WHERE slug IN (SELECT value FROM json_array_elements_text(${json([...bySlug.keys()])}))`,
  );
  for (const row of slugRows) {
    const i = bySlug.get(row.slug)!;
    const event = events[i]!;
    if (row.id !== event.id && !incoming.has(row.id)) {
      errors.push({
        index: indexes[i]!,
        id: event.id,
        field: 'slug',
        reason: `slug "${row.slug}" already belongs to event ${row.id} in the catalog`,
      });
    }
  }

  const byMarket = new Map<string, [number, number]>();
  events.forEach((e, i) => {
    e.markets.forEach((m, j) => {
      byMarket.set(m.id, [i, j]);
    });
  });
  const marketRows = await rows<{ id: string; event_id: string }>(
    tx,
    sql`SELECT id, event_id::text AS event_id FROM markets
        WHERE id IN (SELECT value FROM json_array_elements_text(${json([...byMarket.keys()])}))`,
  );
  for (const row of marketRows) {
    const [i, j] = byMarket.get(row.id)!;
    const event = events[i]!;
    if (row.event_id !== event.id && !incoming.has(row.event_id)) {
      errors.push({
        index: indexes[i]!,
        id: event.id,
        field: `markets[${j}].id`,
        reason: `market ${row.id} already belongs to event ${row.event_id} in the catalog`,
      });
    }
  }
  return errors.sort((a, b) => a.index - b.index);
}

/**
 * A tag (or series) of the file whose slug the catalog already gives to another id: the file's id
 * wins, and the catalog's events linked to the old id are relinked to it. This is what lets real
 * exports (Crypto = tag 21) land next to a demo catalog that had its own "crypto" tag.
 */
async function mergeBySlug(tx: Tx, kind: 'tags' | 'series', events: Event[]): Promise<string[]> {
  const all = events.flatMap((e): (Tag | Series)[] => e[kind]);
  const items = [...new Map(all.map((t) => [t.id, t] as const)).values()];
  if (items.length === 0) return [];
  const table = sql.identifier(kind);
  const links = sql.identifier(kind === 'tags' ? 'event_tags' : 'event_series');
  const ref = sql.identifier(kind === 'tags' ? 'tag_id' : 'series_id');
  const name = kind === 'tags' ? sql.identifier('label') : sql.identifier('title');

  const clashes = await rows<{ old_id: string; new_id: string; slug: string }>(
    tx,
    sql`SELECT t.id::text AS old_id, i.id AS new_id, t.slug
        FROM ${table} t JOIN json_to_recordset(${json(items)}) AS i(id text, slug text) ON i.slug = t.slug
        WHERE t.id <> i.id::bigint`,
  );
  if (clashes.length === 0) return [];
  const pairs = json(clashes);
  const incoming = json(items.filter((t) => clashes.some((c) => c.new_id === t.id)));
  // Free the slugs, make sure the new rows exist, move the links, drop the old rows.
  await tx.execute(sql`UPDATE ${table} SET slug = slug || '~merged~' || id::text
    WHERE id IN (SELECT old_id::bigint FROM json_to_recordset(${pairs}) AS p(old_id text))`);
  await tx.execute(sql`INSERT INTO ${table} (id, slug, ${name})
    SELECT id::bigint, slug, ${name} FROM json_to_recordset(${incoming}) AS i(id text, slug text, ${name} text)
    ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, ${name} = EXCLUDED.${name}`);
  await tx.execute(sql`UPDATE ${links} l SET ${ref} = p.new_id::bigint
    FROM json_to_recordset(${pairs}) AS p(old_id text, new_id text)
    WHERE l.${ref} = p.old_id::bigint
      AND NOT EXISTS (SELECT 1 FROM ${links} x WHERE x.event_id = l.event_id AND x.${ref} = p.new_id::bigint)`);
  await tx.execute(sql`DELETE FROM ${table}
    WHERE id IN (SELECT old_id::bigint FROM json_to_recordset(${pairs}) AS p(old_id text))`);
  const noun = kind === 'tags' ? 'tag' : 'series';
  return clashes.map(
    (c) => `${noun} "${c.slug}": catalog ${noun} ${c.old_id} merged into ${c.new_id} from the file`,
  );
}
