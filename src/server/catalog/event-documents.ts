import { sql } from 'drizzle-orm';
import type { Event, Market } from '../../contract/catalog';
import { type Db, rows } from '../db/open';
import { arrayParam, PreparedStatement, runStatement } from '../db/prepared';
import { fitsInt8, shapeEvents } from './repository';

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

/** Events per statement (their documents travel as one parameter). */
const CHUNK = 1000;

/**
 * The rows of the events whose documents are written, locked first (in order of id), so a document is
 * written by whoever holds its event's row: on PostgreSQL, two processes cannot interleave their reads
 * and writes of one document (the shaping that follows, a statement of its own, sees whatever the
 * process that held the row before committed).
 */
const LOCK_EVENTS = PreparedStatement.of(
  'catalog_lock_events',
  sql`SELECT e.id::text FROM events e WHERE e.id = ANY($1::bigint[]) ORDER BY e.id FOR UPDATE`,
);
/**
 * The documents, and in the same update of each event row its move24hr (only where it changed: the
 * column is indexed) and its volumes with what was traded since (`added`, by the catalog follower): the
 * row is updated once, through all its indexes, rather than once for each. The volumes are the
 * document's, added up in JavaScript while the row is locked, so the two are the same number.
 */
const WRITE_DOCUMENTS = PreparedStatement.of(
  'catalog_write_documents',
  sql`WITH t AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[])
                  AS t(id, body, move, added, volume, volume24hr)),
           changed AS (UPDATE events e SET volume = t.volume, volume24hr = t.volume24hr, move24hr = t.move
                       FROM t WHERE e.id = t.id AND (t.added <> 0 OR e.move24hr IS DISTINCT FROM t.move))
      INSERT INTO event_documents (event_id, version, body)
      SELECT id, ${sql.raw(String(DOCUMENT_VERSION))}, body FROM t
      ON CONFLICT (event_id) DO UPDATE SET version = EXCLUDED.version, body = EXCLUDED.body`,
);

/** Dollars to the base unit (six decimals): sums of floating-point dollars otherwise drift ("111.74225299999999"). */
export const toBaseUnit = (dollars: number): number => Math.round(dollars * 1e6) / 1e6;

export interface DocumentOptions {
  /** Collateral units traded since the last write, by event id: added to the event's volume and volume24hr. */
  added?: ReadonlyMap<string, number>;
  /** The database `db` is a transaction of: its statements are then prepared (runStatement). */
  root?: Db;
}

/**
 * Writes the documents of these events from their stored rows (an id with no event is skipped), their
 * move24hr and, with `added`, their volumes; returns the events as written. Call it in a transaction:
 * the events' rows stay locked until it ends.
 */
export async function writeEventDocuments(
  db: Db,
  eventIds: Iterable<string>,
  { added, root }: DocumentOptions = {},
): Promise<Event[]> {
  const ids = [...new Set(eventIds)].filter(fitsInt8);
  const written: Event[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await runStatement(db, LOCK_EVENTS, [arrayParam(chunk)], root);
    const events = (await shapeEvents(db, chunk, root)).map((event) => {
      const more = added?.get(event.id) ?? 0;
      return more === 0
        ? event
        : {
            ...event,
            volume: toBaseUnit(event.volume + more),
            volume24hr: toBaseUnit(event.volume24hr + more),
          };
    });
    if (events.length === 0) continue;
    await runStatement(
      db,
      WRITE_DOCUMENTS,
      [
        arrayParam(events.map((e) => e.id)),
        arrayParam(events.map((e) => JSON.stringify(e))),
        arrayParam(events.map(eventMove24hr)),
        arrayParam(events.map((e) => added?.get(e.id) ?? 0)),
        arrayParam(events.map((e) => e.volume)),
        arrayParam(events.map((e) => e.volume24hr)),
      ],
      root,
    );
    written.push(...events);
  }
  return written;
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
    await db.transaction((tx) =>
      writeEventDocuments(
        tx as unknown as Db,
        stale.map((row) => row.id),
      ),
    );
    written += stale.length;
    after = stale[stale.length - 1]!.id;
  }
}
