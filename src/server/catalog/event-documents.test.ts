import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/catalog';
import { type Database, type Db, rows } from '../db/open';
import { openTestDatabase } from '../test/database';
import { DOCUMENT_VERSION, refreshEventDocuments } from './event-documents';
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
});
