import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/open';
import { BookReader } from './book-reader';

/**
 * The book reader's cache (book-reader.ts) against a database that only counts its reads and answers
 * the exchange's version: another process's commits change the version without telling this reader.
 */
function database() {
  const state = { version: 7, reads: 0 };
  const db = {
    execute: async () => {
      state.reads++;
      return { rows: [{ version: String(state.version), id: null, last_price: null, tick: null }] };
    },
  } as unknown as Db;
  return { db, state };
}

describe('the book reader', () => {
  it('serves a recent read again, until told that commits may have been missed (forget)', async () => {
    const { db, state } = database();
    const reader = new BookReader(db);
    expect((await reader.snapshot('m', 7)).version).toBe(7);
    // Another process commits; the live bus that would have said so was away.
    state.version = 9;
    expect((await reader.snapshot('m', 7)).version).toBe(7);
    expect(state.reads).toBe(1);
    reader.forget();
    expect((await reader.snapshot('m', 7)).version).toBe(9);
    expect(state.reads).toBe(2);
  });

  it('forget also drops a read under way: callers after it read again', async () => {
    const { db, state } = database();
    const reader = new BookReader(db);
    const under = reader.snapshot('m');
    reader.forget();
    state.version = 9;
    const after = reader.snapshot('m');
    expect((await under).version).toBe(7);
    expect((await after).version).toBe(9);
    expect(state.reads).toBe(2);
  });
});
