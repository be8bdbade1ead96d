import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** PostgreSQL's page size: a free-space map is a whole number of pages. */
const PAGE_BYTES = 8192;

/**
 * Gives every index of the embedded database that has no free-space map one empty page of it, and
 * returns how many it gave. For a file-backed PGlite only (`dataDir` is its directory on disk).
 *
 * Why: whenever an index needs a new page (a page split), PostgreSQL first asks the index's free-space
 * map for a recycled one. An index gets that map only when a vacuum first recycles one of its pages, so
 * the indexes of tables that only grow (orders, fills, single-use marks) never have one, and every split
 * looks for the missing file on disk again. PGlite's Node file layer answers that lookup with a thrown
 * JavaScript exception on the server's thread (measured: ~60 lookups a second under the order benchmark,
 * ~3% of that thread). With a map, the lookup is a page in PostgreSQL's buffer cache.
 *
 * An all-zero page is what PostgreSQL reads as a new, empty map page ("no free space anywhere"); it fills
 * the map in as vacuums recycle pages, and extends it itself. Written only where no map file exists, and
 * only while this process is the database's only user (at open, or between statements on its one
 * thread), so PostgreSQL never meets a half-written file it has opened; a file cut short by a crash is
 * read as zero pages and extended by PostgreSQL like a missing one.
 */
export async function giveIndexesFreeSpaceMaps(client: PGlite, dataDir: string): Promise<number> {
  const { rows } = await client.query<{ path: string }>(
    `SELECT pg_relation_filepath(c.oid) AS path FROM pg_class c
     WHERE c.relkind = 'i' AND c.relpersistence = 'p'`,
  );
  let given = 0;
  for (const { path } of rows) {
    const file = join(dataDir, `${path}_fsm`);
    if (statSync(file, { throwIfNoEntry: false })) continue;
    // 'wx': never over a map PostgreSQL made meanwhile.
    writeFileSync(file, new Uint8Array(PAGE_BYTES), { flag: 'wx' });
    given += 1;
  }
  return given;
}
