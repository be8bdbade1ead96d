import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open';
import { openTestDatabase } from '../test/database';
import { appendPrices, deleteHistory, findToken, readHistory, writeSeries } from './store';
import { LAST_TS, loadHistoryCatalog, NO, POINTS, QUIET, STEP, YES, yesUnits } from './test-history';

/** The order book's points at the end of histories (the catalog follower's), several markets at once. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadHistoryCatalog(database.db);
});
afterAll(() => database.close());

/** Every stored point of a token but the last (which is served at the catalog's price). */
async function storedPoints(tokenId: string) {
  const token = (await findToken(database.db, tokenId))!;
  return (await readHistory(database.db, token, {})).slice(0, -1);
}

const T1 = LAST_TS + 3_600;

describe('appendPrices', () => {
  it('adds each market a point, at most one a minute, in whichever series it keeps', async () => {
    const db = database.db;
    const first = await appendPrices(
      db,
      [
        { tokens: [YES, NO], p0: 0.61 },
        { tokens: [QUIET, '5555'], p0: 0.25 },
      ],
      T1,
    );
    expect(first.lastPointAt).toEqual([T1, T1]);
    expect(first.recorded).toBe(2);
    // The Yes series' 24-hour mark moved with its latest point: its event's documents are to be written.
    expect(first.events).toEqual(['1']);

    // Half a minute later: nothing is written, and each market's last point is told.
    const soon = await appendPrices(db, [{ tokens: [YES, NO], p0: 0.9 }], T1 + 30);
    expect(soon).toEqual({ lastPointAt: [T1], recorded: 0, events: [] });

    await appendPrices(
      db,
      [
        { tokens: [YES, NO], p0: 0.62 },
        { tokens: [QUIET, '5555'], p0: 0.3 },
      ],
      T1 + 120,
    );
    const yes = await storedPoints(YES);
    expect(yes.length).toBe(POINTS + 1);
    expect(yes.at(-2)).toEqual({ t: LAST_TS, p: yesUnits(POINTS - 1) / 1e4 });
    expect(yes.at(-1)).toEqual({ t: T1, p: 0.61 });
    expect((await storedPoints(NO)).at(-1)).toEqual({ t: T1, p: 0.39 });
    // A market without history starts one for its first outcome.
    expect(await storedPoints(QUIET)).toEqual([{ t: T1, p: 0.25 }]);
    expect(await storedPoints('5555')).toEqual([{ t: T1, p: 0.75 }]);
  });

  it('extends the second outcome’s series when only that one is stored', async () => {
    const db = database.db;
    await deleteHistory(db, [YES]);
    await writeSeries(db, [
      { tokenId: NO, startTs: LAST_TS - STEP, stepS: STEP, prices: Uint16Array.from([4_000, 4_100]) },
    ]);
    await appendPrices(db, [{ tokens: [YES, NO], p0: 0.7 }], T1);
    await appendPrices(db, [{ tokens: [YES, NO], p0: 0.8 }], T1 + 60);
    expect(await storedPoints(NO)).toEqual([
      { t: LAST_TS - STEP, p: 0.4 },
      { t: LAST_TS, p: 0.41 },
      { t: T1, p: 0.3 },
    ]);
    expect((await storedPoints(YES)).at(-1)).toEqual({ t: T1, p: 0.7 });
  });
});
