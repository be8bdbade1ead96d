import type { Event } from '../../contract/catalog';
import { upsertEvents } from '../catalog/load';
import { testMarket } from '../catalog/test-catalog';
import type { Db } from '../db/open';
import type { Series } from './packing';
import { writeSeries } from './store';

/**
 * A tiny catalog with known histories for the /prices-history tests: a binary market whose Yes
 * series is stored (No is served as 1 − Yes), a three-outcome market with irregular (imported)
 * points for one outcome, and an upcoming market without history.
 */
export const LAST_TS = 1_795_000_200; // a multiple of 600, on a Wednesday
export const STEP = 600;
export const POINTS = 1_500; // ~10.4 days
export const YES = '1111';
export const NO = '2222';
export const MULTI = ['3001', '3002', '3003'] as const;
export const QUIET = '4444';

const market = (id: string, outcomes: string[], prices: string[], tokens: readonly string[]) =>
  testMarket({
    id,
    question: `Q${id}?`,
    conditionId: `0x${id.padStart(64, '0')}`,
    outcomes: JSON.stringify(outcomes),
    outcomePrices: JSON.stringify(prices),
    clobTokenIds: [...tokens],
  });

export const HISTORY_EVENTS: Event[] = [
  {
    id: '1',
    slug: 'history-test',
    title: 'History test',
    description: '',
    active: true,
    closed: false,
    liquidity: 1,
    volume: 2,
    volume24hr: 0,
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2027-01-01T00:00:00.000Z',
    image: '',
    tags: [],
    series: [],
    markets: [
      market('10', ['Yes', 'No'], ['0.536', '0.464'], [YES, NO]),
      market('11', ['A', 'B', 'C'], ['0.2', '0.3', '0.5'], MULTI),
      market('12', ['Yes', 'No'], ['0.5', '0.5'], [QUIET, '5555']),
    ],
  },
];

/** Yes at point i (ten-thousandths): a saw tooth, ending at 0.5 (the catalog says 0.536). */
export const yesUnits = (i: number) => 4_000 + ((i * 7) % 2_001);

export async function loadHistoryCatalog(db: Db): Promise<void> {
  await upsertEvents(db, HISTORY_EVENTS);
  const startTs = LAST_TS - (POINTS - 1) * STEP;
  const yes: Series = {
    tokenId: YES,
    startTs,
    stepS: STEP,
    prices: Uint16Array.from({ length: POINTS }, (_, i) => yesUnits(i)),
  };
  const imported: Series = {
    tokenId: MULTI[0],
    startTs: 0,
    stepS: 0,
    times: [LAST_TS - 90_000, LAST_TS - 7_200, LAST_TS - 17],
    prices: Uint16Array.from([1_000, 1_500, 2_500]),
  };
  await writeSeries(db, [yes, imported]);
}
