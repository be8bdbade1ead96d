import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/catalog';
import { type Database, type Db, rows } from '../db/open';
import { openTestDatabase } from '../test/database';
import { DOCUMENT_VERSION, refreshEventDocuments, writeEventDocuments } from './event-documents';
import { upsertEvents } from './load';
import { getEventById, shapeEvents } from './repository';
import { testEvent } from './test-catalog';

const event = testEvent;

/** Every stored document is what the rows make of its event now, and every event has one. */
async function expectDocumentsCurrent(db: Db): Promise<void> {
  const stored = await rows<{ id: string; body: string; version: number }>(
    db,
    sql`SELECT e.id::text AS id, d.body, d.version FROM events e LEFT JOIN event_documents d ON d.event_id = e.id ORDER BY e.id`,
  );
  const shaped = new Map(
    (
      await shapeEvents(
        db,
        stored.map((row) => row.id),
      )
    ).map((e) => [e.id, e]),
  );
  for (const row of stored) {
    expect(row.version, `event ${row.id}`).toBe(DOCUMENT_VERSION);
    expect(row.body, `event ${row.id}`).toBe(JSON.stringify(shaped.get(row.id)));
  }
}

describe('event documents', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const documentOf = async (id: string) => (await getEventById(database.db, id))?.parse<Event>();

  it('are written with their events, and follow a tag or series renamed by a later load of other events', async () => {
    await upsertEvents(database.db, [event('1'), event('2')]);
    await expectDocumentsCurrent(database.db);

    await upsertEvents(database.db, [
      event('3', {
        tags: [{ id: '1', label: 'World politics', slug: 'world-politics' }],
        series: [{ id: '7', slug: 'weekly', title: 'Weekly rates' }],
      }),
    ]);
    const first = await documentOf('1');
    expect(first?.tags).toEqual([{ id: '1', label: 'World politics', slug: 'world-politics' }]);
    expect(first?.series).toEqual([{ id: '7', slug: 'weekly', title: 'Weekly rates' }]);
    await expectDocumentsCurrent(database.db);
  });

  it('keep the tags and series of an event without markets', async () => {
    await upsertEvents(database.db, [event('4', { markets: [] })]);
    expect(await documentOf('4')).toMatchObject({ markets: [], tags: [{ id: '1' }], series: [{ id: '7' }] });
  });

  it('go with their event', async () => {
    await database.db.execute(sql`DELETE FROM events WHERE id = 4`);
    const [left] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM event_documents WHERE event_id = 4`,
    );
    expect(left?.n).toBe(0);
  });

  it('missing or of another shape are rewritten by refreshEventDocuments, and only those', async () => {
    await database.db.execute(sql`DELETE FROM event_documents WHERE event_id = 1`);
    await database.db.execute(
      sql`UPDATE event_documents SET version = version - 1, body = '{}' WHERE event_id = 2`,
    );
    expect(await getEventById(database.db, '1')).toBeNull();

    expect(await refreshEventDocuments(database.db)).toBe(2);
    await expectDocumentsCurrent(database.db);
    expect((await documentOf('1'))?.title).toBe('Will 1 happen?');
    expect(await refreshEventDocuments(database.db)).toBe(0);
  });

  // Two processes on PostgreSQL: one holds an event's row and has changed one of its markets, not yet
  // committed; the other writes the event's document meanwhile. The writer waits for the row, then
  // shapes what the first committed (shaping first would store the older document, and keep it).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'written while another transaction holds their event show what it committed',
    async () => {
      const db = database.db;
      const [market] = await rows<{ id: string }>(db, sql`SELECT id FROM markets WHERE event_id = 2 LIMIT 1`);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let changed = () => {};
      const isChanged = new Promise<void>((resolve) => {
        changed = resolve;
      });
      const other = db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM events WHERE id = 2 FOR UPDATE`);
        await tx.execute(sql`UPDATE markets SET best_bid = 0.123 WHERE id = ${market!.id}`);
        changed();
        await held;
      });
      await isChanged;
      const writing = db.transaction((tx) => writeEventDocuments(tx as unknown as Db, ['2']));
      // Long enough for a writer that does not wait to shape, write and commit.
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await Promise.all([other, writing]);
      const stored = (await documentOf('2'))?.markets.find((m) => m.id === market!.id);
      expect(stored?.bestBid).toBe(0.123);
      await expectDocumentsCurrent(db);
    },
  );
});
