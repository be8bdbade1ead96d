import type { Preview, PreviewRecords, RecordKind } from '../../contract/pages';

/**
 * What a link preview says about each kind of record page (the title is the page's name, from
 * contract/pages.ts). Only the server writes previews, so their text stays out of the dashboard's bundle.
 */
export const PREVIEWS: { [K in RecordKind]: (record: PreviewRecords[K]) => Preview } = {
  tag: (tag) => ({
    description: `${tag.eventCount} prediction ${tag.eventCount === 1 ? 'event' : 'events'} tagged “${tag.label}”, by volume.`,
    canonicalPath: `/tags/${tag.id}`,
  }),
  series: (series) => ({
    description: `Every event of the series “${series.title}”, by volume.`,
    canonicalPath: `/series/${series.id}`,
  }),
  event: (event) => ({
    description: event.description || `Live outcome prices for “${event.title}”.`,
    canonicalPath: `/e/${encodeURIComponent(event.slug)}`,
    type: 'article',
    // No catalog image: an event's preview image is its card, /og/e/<slug>.png (plugin.ts, embed-routes.ts).
  }),
};

/** The link preview of a record page's record. */
export function previewOf<K extends RecordKind>(kind: K, record: PreviewRecords[K]): Preview {
  return PREVIEWS[kind](record);
}
