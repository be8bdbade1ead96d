/**
 * The <head> tags a shared link needs (title, description, canonical, Open Graph, Twitter card), built
 * as text for index.html. Every value is untrusted catalog text: it is HTML-escaped here, the one place
 * that writes it into markup.
 */

import { escapeHtml } from '../../contract/html';
import { DEFAULT_DESCRIPTION, SITE_NAME, titleOf } from '../../contract/pages';

const DESCRIPTION_MAX = 200;

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL of the page. */
  url?: string;
  /** Absolute image URL (http/https only). */
  image?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  /** Absolute URL of the page's oEmbed answer (event pages): its discovery link. */
  oembed?: string;
  /** Same-origin API URLs the page fetches first: preloaded so the data arrives with the code. */
  preloadJson?: readonly string[];
  /** The page's own code (src/server/web/page-chunks.ts), fetched beside the app's file. */
  preloadModules?: readonly string[];
}

export { escapeHtml };

/** One line of plain text, cut at a word boundary: descriptions of events run to pages. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const flat = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The page title for a catalog record's page: its name on one line, cut, then " · Marketdesk". */
export function pageTitle(name: string): string {
  return titleOf(summarize(name, 120));
}

export function renderPageMeta(meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(summarize(meta.description) || DEFAULT_DESCRIPTION);
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (meta.url) tags.push(`<link rel="canonical" href="${escapeHtml(meta.url)}" />`);
  tags.push(
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
  );
  if (meta.url) tags.push(`<meta property="og:url" content="${escapeHtml(meta.url)}" />`);
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(meta.image)}" />`);
  tags.push(
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  );
  if (meta.image) tags.push(`<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`);
  if (meta.oembed)
    tags.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(meta.oembed)}" title="${title}" />`,
    );
  for (const url of meta.preloadJson ?? [])
    tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}" />`);
  for (const url of meta.preloadModules ?? [])
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(url)}" />`);
  return tags.join('\n    ');
}

const MARKER = /<!--page-meta-->[\s\S]*?<!--\/page-meta-->/;

/** index.html with its default head block replaced by this page's tags. */
export function injectPageMeta(indexHtml: string, meta: PageMeta): string {
  const block = renderPageMeta(meta);
  // A function replacement: `$&`-style patterns inside catalog text must stay literal.
  return MARKER.test(indexHtml)
    ? indexHtml.replace(MARKER, () => block)
    : indexHtml.replace('</head>', () => `    ${block}\n  </head>`);
}

/**
 * An image URL a link preview may show: absolute http(s) as given, a same-origin path made absolute,
 * anything else dropped.
 */
export function absoluteImageUrl(image: string, origin: string): string | undefined {
  const value = image.trim();
  if (value === '') return undefined;
  try {
    if (value.startsWith('/') && !value.startsWith('//')) return new URL(value, origin).href;
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
