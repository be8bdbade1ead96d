/**
 * An event's embed: the card the server renders at `/embed/e/<slug>` for other sites to frame, and the
 * `<iframe>` code that frames it, which the oEmbed answer and the event page's "Embed" action both
 * give out (docs/api.md, "Embeds"). Pure and zod-free: the dashboard's catalog pages may import it.
 */
import { escapeHtml } from './html';

/** The frame the card is designed for (it also fits 300 × 250 and anything wider). */
export const EMBED_WIDTH = 400;
export const EMBED_HEIGHT = 300;
/** The Open Graph image's size (the large-image card of the social sites). */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** Options of the embed's URL; absent ones are the defaults (the viewer's colour scheme, the chart shown). */
export interface EmbedOptions {
  theme?: EmbedTheme;
  chart?: boolean;
}

/** `/e/<slug>`: the event's page. */
export const eventPath = (slug: string) => `/e/${encodeURIComponent(slug)}`;

/** `/embed/e/<slug>[?theme=…&chart=0]`: the event's embeddable card. */
export function embedPath(slug: string, options: EmbedOptions = {}): string {
  const query: string[] = [];
  if (options.theme) query.push(`theme=${options.theme}`);
  if (options.chart === false) query.push('chart=0');
  return `/embed/e/${encodeURIComponent(slug)}${query.length ? `?${query.join('&')}` : ''}`;
}

/** `/og/e/<slug>.png`: the event's Open Graph image. */
export const ogImagePath = (slug: string) => `/og/e/${encodeURIComponent(slug)}.png`;

/**
 * The HTML that frames an event's card on another site: an `<iframe>` of `width` × `height`
 * (default 400 × 300), titled with the event's title (escaped: catalog text is untrusted), lazy-loaded,
 * without a border. `origin` is the service's public origin (`https://markets.example.org`).
 */
export function embedCode(
  origin: string,
  slug: string,
  title: string,
  options: EmbedOptions & { width?: number; height?: number } = {},
): string {
  const { width = EMBED_WIDTH, height = EMBED_HEIGHT, ...embed } = options;
  const src = `${origin}${embedPath(slug, embed)}`;
  return (
    `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}"` +
    ` title="${escapeHtml(`${oneLine(title, TITLE_MAX)} · Marketdesk`)}" loading="lazy"` +
    ` style="border:0;border-radius:12px;max-width:100%"></iframe>`
  );
}

/** Characters of a title an iframe's `title` keeps (catalog titles may run to kilobytes). */
const TITLE_MAX = 120;

/** Text on one line (control characters and runs of spaces made one space), cut to `max` code points with "…". */
export function oneLine(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const flat = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  const points = Array.from(flat);
  return points.length <= max
    ? flat
    : `${points
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
