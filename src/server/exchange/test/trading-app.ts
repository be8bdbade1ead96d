import { generateCatalog } from '../../../catalog-tools/generate';
import { upsertEvents } from '../../catalog/load';
import { buildTestApp, type TestApp } from '../../test/app';

/** The chain the order book's tests sign for (the default's, the reference's test network). */
export const TEST_CHAIN = 80002;

/**
 * The app on a fresh database holding a generated catalog of `events` events (seeded by `seed`, dated as
 * of 2026-11-01), signing for TEST_CHAIN, with room for a test's requests under the rate limit.
 */
export async function buildTradingApp(
  seed: string,
  events: number,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const t = await buildTestApp({ CHAIN_ID: String(TEST_CHAIN), RATE_LIMIT_MAX: '10000', ...env });
  await upsertEvents(t.database.db, generateCatalog({ events, seed, now: new Date('2026-11-01T00:00:00Z') }));
  return t;
}
