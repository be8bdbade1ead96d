import type { ListPreset } from './list-presets';

/** The catalog's lists as the dashboard names them (apart from list-presets.ts: only the list pages' own chunk needs them). */
export const PRESET_LABELS: Record<ListPreset, string> = {
  trending: 'Trending',
  new: 'New',
  ending: 'Ending soon',
  movers: 'Movers',
  liquid: 'Liquid',
  closed: 'Closed recently',
};

export const PRESET_ABOUT: Record<ListPreset, string> = {
  trending: 'Most traded in 24 hours',
  new: 'Latest to open',
  ending: 'Ending within 7 days',
  movers: 'Biggest price move in 24 hours',
  liquid: 'Deepest order books',
  closed: 'Latest to end',
};
