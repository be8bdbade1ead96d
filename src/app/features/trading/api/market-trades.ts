import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { TAPE_LENGTH } from '../../../lib/live/book-state';
import { readMarketTrades } from '../../../lib/live/wire';

/**
 * A market's latest trades before the page opened (GET /live-activity/events/{condition_id}), for the
 * tape: the live channel prints only what happens after. Read again each time a book mounts, as a
 * book's trades are never cached for long.
 */
export const marketTradesQueryOptions = (conditionId: string) =>
  queryOptions({
    queryKey: ['market-trades', conditionId],
    queryFn: async ({ signal }) =>
      (
        await getJson(
          `${config.clobUrl}/live-activity/events/${encodeURIComponent(conditionId)}?limit=${TAPE_LENGTH}`,
          readMarketTrades,
          signal,
        )
      ).data,
  });
