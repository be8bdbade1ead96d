import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/open';
import { openTestDatabase } from '../test/database';
import { DocumentCache, documentCache } from './document-cache';
import { upsertEvents } from './load';
import { listEventKeyset, listEventPage } from './repository';
import { testEvent } from './test-catalog';

describe('DocumentCache', () => {
  it('answers only for the version it was given, and a new version replaces the old', () => {
    const cache = new DocumentCache(1024);
    const held = cache.set('1', 'a', '{"id":"1"}');
    expect(cache.get('1', 'a')).toBe(held);
    expect(cache.get('1', 'b')).toBeUndefined();
    cache.set('1', 'b', '{"id":"1","v":2}');
    expect(cache.get('1', 'a')).toBeUndefined();
    expect(cache.get('1', 'b')?.text).toBe('{"id":"1","v":2}');
    expect(cache.size).toBe(1);
  });

  it('keeps its bytes bounded, dropping the least recently used first', () => {
    const text = (id: string) => `{"id":"${id}","pad":"${'x'.repeat(40)}"}`; // ~60 characters, ~120 bytes held
    const cache = new DocumentCache(400);
    cache.set('1', 'a', text('1'));
    cache.set('2', 'a', text('2'));
    cache.set('3', 'a', text('3'));
    expect(cache.get('1', 'a')).toBeDefined(); // 1 used: 2 is now the least recently used
    cache.set('4', 'a', text('4'));
    expect(cache.get('2', 'a')).toBeUndefined();
    expect([cache.get('1', 'a'), cache.get('3', 'a'), cache.get('4', 'a')].every(Boolean)).toBe(true);
    // One larger than the whole cache is returned but not held.
    expect(cache.set('5', 'a', 'x'.repeat(300)).text).toHaveLength(300);
    expect(cache.get('5', 'a')).toBeUndefined();
  });
});

describe('event lists read documents through the cache', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await upsertEvents(database.db, [testEvent('1'), testEvent('2'), testEvent('3')]);
  });
  afterAll(() => database.close());

  const keysetPage = (db: Db) =>
    listEventKeyset(db, { absent: false }, { order: ['id'], ascending: true }, 10, null);
  const offsetPage = (db: Db) =>
    listEventPage(db, { absent: false }, { order: ['id'], ascending: true, limit: 10, offset: 0 });
  const titles = async (db: Db) =>
    (await keysetPage(db)).items.map((document) => document.parse<{ title: string }>().title);
  const retitle = (db: Db, id: string, title: string) =>
    db.execute(sql`UPDATE event_documents SET body = jsonb_set(body::jsonb, '{title}', to_jsonb(${title}::text))::text
                   WHERE event_id = ${id}::bigint`);

  it("serve a first page's unchanged documents from memory, keyset and offset alike", async () => {
    const first = (await keysetPage(database.db)).items;
    expect(first).toHaveLength(3);
    for (const [i, document] of (await keysetPage(database.db)).items.entries())
      expect(document).toBe(first[i]);
    for (const [i, document] of (await offsetPage(database.db)).entries()) expect(document).toBe(first[i]);
  });

  it('read the documents of a later page in its own statement, not from memory', async () => {
    const first = (await keysetPage(database.db)).items;
    const after = (db: Db) =>
      listEventKeyset(db, { absent: false }, { order: ['id'], ascending: true }, 10, ['1']);
    const later = (await after(database.db)).items;
    expect(later.map((document) => document.text)).toEqual(first.slice(1).map((document) => document.text));
    for (const [i, document] of later.entries()) expect(document).not.toBe(first[i + 1]);
    const skipped = await listEventPage(
      database.db,
      { absent: false },
      { order: ['id'], ascending: true, limit: 10, offset: 1 },
    );
    for (const [i, document] of skipped.entries()) expect(document).not.toBe(first[i + 1]);
  });

  it('read a document again once it is rewritten', async () => {
    await keysetPage(database.db);
    await retitle(database.db, '2', 'Rewritten');
    expect(await titles(database.db)).toEqual(['Will 1 happen?', 'Rewritten', 'Will 3 happen?']);
    expect((await offsetPage(database.db))[1]?.parse<{ title: string }>().title).toBe('Rewritten');
  });

  it('read again the documents a list showed last time when memory has dropped them since', async () => {
    const shown = (await keysetPage(database.db)).items.map((document) => document.text);
    // Other documents push the page's out (~2 MB each of the 16 MB held).
    for (let i = 0; i < 9; i++) documentCache(database.db).set(`other-${i}`, 'x', 'x'.repeat(1_000_000));
    expect((await keysetPage(database.db)).items.map((document) => document.text)).toEqual(shown);
    expect((await offsetPage(database.db)).map((document) => document.text)).toEqual(shown);
  });

  it('tell apart two versions written by one transaction', async () => {
    await database.db.transaction(async (tx) => {
      await retitle(tx as unknown as Db, '3', 'Once');
      expect((await titles(tx as unknown as Db))[2]).toBe('Once');
      await retitle(tx as unknown as Db, '3', 'Twice');
      expect((await titles(tx as unknown as Db))[2]).toBe('Twice');
    });
    expect((await titles(database.db))[2]).toBe('Twice');
  });

  it('are kept per database handle', async () => {
    const other = await openTestDatabase();
    try {
      expect(documentCache(other.db)).not.toBe(documentCache(database.db));
    } finally {
      await other.close();
    }
  });
});
