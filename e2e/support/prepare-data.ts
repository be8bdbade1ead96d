/**
 * Runs before the e2e server starts (playwright.config.ts webServer command): fills the fresh data
 * directory the way the server's first start would (the demo catalog), then imports the real export
 * fixtures, a hostile-text event and one of overlong names, so the browser tests can open imported events. Runs the same
 * functions as `npm run catalog -- import FILE`, in this process, because the embedded database can be
 * opened by one process at a time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoCatalogOf, markDemoCatalog } from '../../src/catalog-tools/demo-catalog';
import { importEvents } from '../../src/catalog-tools/import';
import { seedIfEmpty } from '../../src/catalog-tools/seed';
import { loadConfig } from '../../src/server/config';
import { openConfiguredDatabase } from '../../src/server/db/open';

const FILES = [
  'fixtures/gamma/events-thabris-fed-september-negrisk.json',
  'fixtures/gamma/events-alfagov-nba-2890-closed.json',
  'fixtures/gamma/events-bobaoxu2001-kraken-macron.json',
  'e2e/fixtures/xss-event.json',
  'e2e/fixtures/long-text-event.json',
];

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await seedIfEmpty(database, config.SEED_EVENTS);
    // An import ends the demo (its histories are no longer continued to now at start). These few
    // fixtures sit beside the demo's events, whose histories the chart tests want current, as on a plain
    // `npm start`: it is marked again after them (the demo traders stay off, by DEMO_TRADERS).
    const demo = await demoCatalogOf(database.db);
    for (const file of FILES) {
      const parsed: unknown = JSON.parse(readFileSync(join(process.cwd(), file), 'utf8'));
      const report = await importEvents(database.db, Array.isArray(parsed) ? parsed : [parsed]);
      if (report.errors.length > 0) {
        throw new Error(`e2e data: importing ${file} failed: ${JSON.stringify(report.errors)}`);
      }
      console.log(`e2e data: ${file}: ${report.imported} imported, ${report.skipped} skipped`);
    }
    if (demo) await markDemoCatalog(database.db, demo);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
