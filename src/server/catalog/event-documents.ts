import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';
import { shapeEvents } from './repository';

/**
 * Each event's served JSON, stored (table event_documents): a page of events reads one row per event
 * and sends its text as it is, instead of gathering markets, tags and series and serializing them
 * on every request. Whatever writes what an event shows writes its document in the same transaction:
 * the load of events (load.ts: the events, their markets and links, renamed tags and series) and
 * price histories (a market's 24-hour change).
 */

/** The documents' shape: bump it when shapeEvents changes what they hold; the server then rewrites them all at start. */
export const DOCUMENT_VERSION = 3;

/** Events per statement (their documents travel as one JSON parameter). */
const CHUNK = 1000;

/** Writes the documents of these events from their stored rows (an id with no event is skipped). */
export async function writeEventDocuments(db: Db, eventIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(eventIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const events = await shapeEvents(db, ids.slice(i, i + CHUNK));
    if (events.length === 0) continue;
    const documents = JSON.stringify(events.map((event) => ({ id: event.id, body: JSON.stringify(event) })));
    await db.execute(sql`
      INSERT INTO event_documents (event_id, version, body)
      SELECT id::bigint, ${DOCUMENT_VERSION}, body FROM json_to_recordset(${documents}::json) AS t(id text, body text)
      ON CONFLICT (event_id) DO UPDATE SET version = EXCLUDED.version, body = EXCLUDED.body`);
  }
}

/**
 * Writes every missing or outdated document (a database from before documents, or of an older
 * shape): the server runs this at start, before it answers. Returns how many it wrote.
 */
export async function refreshEventDocuments(db: Db): Promise<number> {
  let written = 0;
  let after = '-1';
  for (;;) {
    const stale = await rows<{ id: string }>(
      db,
      sql`SELECT e.id::text AS id FROM events e LEFT JOIN event_documents d ON d.event_id = e.id
          WHERE e.id > ${after}::bigint AND (d.event_id IS NULL OR d.version <> ${DOCUMENT_VERSION})
          ORDER BY e.id LIMIT ${CHUNK}`,
    );
    if (stale.length === 0) return written;
    await writeEventDocuments(
      db,
      stale.map((row) => row.id),
    );
    written += stale.length;
    after = stale[stale.length - 1]!.id;
  }
}
