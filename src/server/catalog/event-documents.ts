import { sql } from 'drizzle-orm';
import type { Event, Market } from '../../contract/catalog';
import { type Db, rows } from '../db/open';
import { shapeEvents } from './repository';

/**
 * Each event's served JSON, stored (table event_documents): a page of events reads one row per event
 * and sends its text as it is, instead of gathering markets, tags and series and serializing them
 * on every request. Whatever writes what an event shows writes its document in the same transaction:
 * the load of events (load.ts: the events, their markets and links, renamed tags and series) and
 * price histories (a market's 24-hour change). Beside each document it keeps the event's move24hr
 * (the Movers list's order), which is made of what the document shows.
 */

/** The documents' shape: bump it when shapeEvents changes what they hold; the server then rewrites them all at start. */
export const DOCUMENT_VERSION = 4;

/**
 * The event's 24-hour move (order `move24hr`): |oneDayPriceChange| of its leading market, the open
 * market (any market when none is open) with the highest first-outcome price, the first of equals;
 * 0 when that market has no 24-hour change.
 */
export function eventMove24hr(event: Event): number {
  const open = event.markets.filter((m) => m.active && !m.closed);
  let leader: Market | undefined;
  let best = Number.NEGATIVE_INFINITY;
  for (const market of open.length > 0 ? open : event.markets) {
    const price = firstPrice(market.outcomePrices);
    if (leader === undefined || price > best) {
      leader = market;
      best = price;
    }
  }
  return Math.abs(leader?.oneDayPriceChange ?? 0);
}

/** A market's first-outcome price; −∞ when it has none readable (it leads only when no market does). */
function firstPrice(outcomePrices: string): number {
  try {
    const price = Number((JSON.parse(outcomePrices) as unknown[])[0]);
    return Number.isFinite(price) ? price : Number.NEGATIVE_INFINITY;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/** Events per statement (their documents travel as one JSON parameter). */
const CHUNK = 1000;

/**
 * Writes the documents of these events from their stored rows (an id with no event is skipped), and
 * their move24hr in the same statement (only where it changed: the column is indexed).
 */
export async function writeEventDocuments(db: Db, eventIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(eventIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const events = await shapeEvents(db, ids.slice(i, i + CHUNK));
    if (events.length === 0) continue;
    const documents = JSON.stringify(
      events.map((event) => ({ id: event.id, body: JSON.stringify(event), move: eventMove24hr(event) })),
    );
    await db.execute(sql`
      WITH t AS (SELECT id::bigint AS id, body, move FROM json_to_recordset(${documents}::json)
                   AS t(id text, body text, move float8)),
           moved AS (UPDATE events e SET move24hr = t.move FROM t
                     WHERE e.id = t.id AND e.move24hr IS DISTINCT FROM t.move)
      INSERT INTO event_documents (event_id, version, body)
      SELECT id, ${DOCUMENT_VERSION}, body FROM t
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
