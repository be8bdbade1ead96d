import { generateCatalog } from '../../../catalog-tools/generate';
import type { Event } from '../../../contract/catalog';

/** What a test trades on: open two-outcome markets outside (`plain`) and inside (`negRisk`) negative-risk groups, and closed markets. */
export interface MarketsNeeded {
  plain?: number;
  negRisk?: number;
  closed?: number;
}

const EVENTS_AT_MOST = 5_000;

/**
 * The smallest generated catalog of this seed (dated 2026-11-01, from `events` events up in steps of half
 * again) that holds what a test needs. The generator decides how many markets of each kind an event
 * count gives, and that changes with it: a test that names its need instead of an event count keeps
 * enough of them.
 */
export function catalogHolding(seed: string, needed: MarketsNeeded, events = 12): Event[] {
  for (let count = events; count <= EVENTS_AT_MOST; count = Math.ceil(count * 1.5)) {
    const catalog = generateCatalog({ events: count, seed, now: new Date('2026-11-01T00:00:00Z') });
    const markets = catalog.flatMap((e) => e.markets);
    const open = markets.filter((m) => m.active && !m.closed && m.clobTokenIds.length === 2);
    const held = {
      plain: open.filter((m) => !m.negRisk).length,
      negRisk: open.filter((m) => m.negRisk).length,
      closed: markets.filter((m) => m.closed).length,
    };
    if ((Object.keys(needed) as (keyof MarketsNeeded)[]).every((kind) => held[kind] >= (needed[kind] ?? 0)))
      return catalog;
  }
  throw new Error(
    `no catalog of seed ${seed} up to ${EVENTS_AT_MOST} events holds ${JSON.stringify(needed)}`,
  );
}
