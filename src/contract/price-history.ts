import { z } from 'zod';
import { strictQuery } from './catalog-query';

/**
 * `GET {clob_url}/prices-history` (docs/api.md §6a): a token's prices over time, in the reference
 * service's shape. Query values arrive as strings; each may be given once.
 */

/** The ranges `interval` names, in seconds; `max` is the whole history. */
export const PRICE_HISTORY_INTERVALS = {
  '1h': 3_600,
  '6h': 6 * 3_600,
  '1d': 86_400,
  '1w': 7 * 86_400,
  '1m': 30 * 86_400,
  max: null,
} as const;
export type PriceHistoryInterval = keyof typeof PRICE_HISTORY_INTERVALS;

/** A year of minutes: the coarsest spacing worth asking for. */
export const MAX_FIDELITY_MINUTES = 525_600;
/** int4 seconds: what the store can hold (until 2038). */
export const MAX_UNIX_SECONDS = 2_147_483_647;

const single = (what: string) =>
  z.string({ error: (issue) => (Array.isArray(issue.input) ? 'may be given only once' : what) });

const whole = (what: string, max: number) =>
  single(what)
    .regex(/^[0-9]{1,12}$/, what)
    .transform(Number)
    .refine((n) => n <= max, `must be at most ${max}`);

const intervalNames = Object.keys(PRICE_HISTORY_INTERVALS) as PriceHistoryInterval[];

export const PriceHistoryQuery = strictQuery({
  market: single('must be a token id')
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .refine((v) => !/\p{Cc}/u.test(v), 'must not contain control characters')
    .meta({ description: 'The outcome token id (a clobTokenIds entry).' }),
  interval: z
    .enum(intervalNames, { error: `must be one of ${intervalNames.join(', ')}` })
    .optional()
    .meta({
      description: 'The last hour, 6 hours, day, week, 30 days, or everything, up to the latest point.',
    }),
  fidelity: whole('must be a whole number of minutes ≥ 1', MAX_FIDELITY_MINUTES)
    .refine((n) => n >= 1, 'must be at least 1')
    .optional()
    .meta({ description: 'At most one point per this many minutes (the last of each span); default 1.' }),
  startTs: whole('must be unix seconds', MAX_UNIX_SECONDS)
    .optional()
    .meta({ description: 'From this instant (unix seconds), instead of interval.' }),
  endTs: whole('must be unix seconds', MAX_UNIX_SECONDS)
    .optional()
    .meta({ description: 'Up to this instant (unix seconds), instead of interval.' }),
})
  .refine((q) => q.interval === undefined || (q.startTs === undefined && q.endTs === undefined), {
    message: 'give either interval or startTs/endTs, not both',
    path: ['interval'],
  })
  .refine((q) => q.startTs === undefined || q.endTs === undefined || q.startTs <= q.endTs, {
    message: 'must not be after endTs',
    path: ['startTs'],
  });
export type PriceHistoryQuery = z.output<typeof PriceHistoryQuery>;

export const PricePoint = z.object({
  t: z.number().int().meta({ description: 'Unix seconds.' }),
  p: z.number().min(0).max(1).meta({ description: 'Price (chance) 0…1.' }),
});
export const PriceHistory = z.object({ history: z.array(PricePoint) });
export type PriceHistory = z.output<typeof PriceHistory>;
