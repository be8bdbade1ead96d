import type { EventsPageQuery } from './events-page-query';

/**
 * The dashboard's lists (docs/api.md, "The dashboard's lists"): each a filter and an order of
 * `/events`, all index-backed. Zod-free and small: the first-load bundle imports it.
 */
export const LIST_PRESETS = ['trending', 'new', 'ending', 'movers', 'liquid', 'closed'] as const;
export type ListPreset = (typeof LIST_PRESETS)[number];

/** What a preset asks of `/events`: filters, order and direction. */
export type PresetQuery = Pick<
  EventsPageQuery,
  'active' | 'closed' | 'start_date_max' | 'end_date_min' | 'end_date_max' | 'order' | 'ascending'
>;

/** A preset's query at `nowMs`, floored to the minute: one URL (and cache entry) a minute. */
export function presetQuery(preset: ListPreset, nowMs: number): PresetQuery {
  const minute = Math.floor(nowMs / 6e4) * 6e4;
  const now = new Date(minute).toISOString();
  const open = { active: true, closed: false, ascending: false } as const;
  switch (preset) {
    case 'trending':
      return { ...open, order: 'volume24hr' };
    case 'new':
      return { ...open, start_date_max: now, order: 'startDate' };
    case 'ending':
      return {
        ...open,
        end_date_min: now,
        end_date_max: new Date(minute + 6048e5).toISOString(),
        order: 'endDate',
        ascending: true,
      };
    case 'movers':
      return { ...open, order: 'move24hr' };
    case 'liquid':
      return { ...open, order: 'liquidity' };
    case 'closed':
      return { closed: true, end_date_max: now, order: 'endDate', ascending: false };
  }
}
