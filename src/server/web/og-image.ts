import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OG_IMAGE_HEIGHT as H, OG_IMAGE_WIDTH as W } from '../../contract/embed';
import { escapeHtml } from '../../contract/html';
import { SITE_NAME } from '../../contract/pages';
import { type EventCard, formatChance, formatChange, formatVolume } from './event-card';

/**
 * An event's Open Graph image (`/og/e/<slug>.png`, docs/api.md "Embeds"): a 1200 × 630 card drawn as
 * SVG here (the title wrapped over three lines at most, the leading chance big, its 24-hour change,
 * the volume, the brand), rasterized to PNG by resvg (social sites do not take SVG) with the machine's
 * DejaVu fonts. Catalog text is escaped into the SVG as text, never markup.
 */

const TITLE_SIZE = 58;
const TITLE_LINE = 70;
const TITLE_LINES = 3;
/** Width of the title's box, and DejaVu Sans Bold's average advance (em) that estimates a line's width. */
const TITLE_BOX = W - 160;
const BOLD_ADVANCE = 0.64;
/** DejaVu Sans's (regular) average advance, a little over what it measures in these cards (~0.52 em). */
const REGULAR_ADVANCE = 0.56;
/** The other outcomes' lines: their size, and the width from x = 80 to a gap before the sparkline. */
const OTHERS_SIZE = 28;

/**
 * Characters XML 1.0 cannot hold (controls, U+FFFE/U+FFFF, lone surrogates) become a space or
 * U+FFFD: the renderer refuses a document that has one, and catalog text may.
 */
export function xmlText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/[\ufffe\uffff]/g, '\ufffd')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  );
}

/** Estimated width of `text` at `size` px: wide for CJK and emoji, narrow for spaces and punctuation. */
function width(text: string, size: number, advance = BOLD_ADVANCE): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (
      code >= 0x1100 &&
      (code <= 0x115f ||
        (code >= 0x2e80 && code <= 0xa4cf) ||
        (code >= 0xac00 && code <= 0xd7a3) ||
        (code >= 0xf900 && code <= 0xfaff) ||
        (code >= 0xfe30 && code <= 0xfe4f) ||
        (code >= 0xff00 && code <= 0xff60) ||
        code >= 0x1f000)
    )
      em += 1.05;
    else if (' .,;:!|\'"iljtf()[]'.includes(ch)) em += 0.38;
    else if ('mwMW@%'.includes(ch)) em += 0.95;
    else em += advance;
  }
  return em * size;
}

/** `text` as it fits in `box` px at `size`, cut with "…" when it does not. */
function fitted(text: string, size: number, box: number): string {
  if (width(text, size, REGULAR_ADVANCE) <= box) return text;
  const chars = Array.from(text);
  while (chars.length > 1 && width(`${chars.join('')}…`, size, REGULAR_ADVANCE) > box) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** The title in lines of at most `box` px (words kept whole unless one alone is wider), `max` lines, the last one cut with "…". */
export function wrapTitle(title: string, box = TITLE_BOX, size = TITLE_SIZE, max = TITLE_LINES): string[] {
  const words = xmlText(title).replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const push = () => {
    lines.push(line);
    line = '';
  };
  for (const word of words) {
    if (lines.length >= max) break;
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate, size) <= box) {
      line = candidate;
      continue;
    }
    if (line) push();
    if (lines.length >= max) break;
    // A word wider than the box is broken where it overflows.
    let rest = word;
    while (width(rest, size) > box && lines.length < max) {
      const points = Array.from(rest);
      let n = points.length;
      while (n > 1 && width(points.slice(0, n).join(''), size) > box) n--;
      line = points.slice(0, n).join('');
      rest = points.slice(n).join('');
      push();
    }
    line = rest;
  }
  if (line && lines.length < max) push();
  const cut = lines.length === max && lines.join(' ').length < words.join(' ').length;
  if (cut) {
    let last = Array.from(lines[max - 1] as string);
    while (last.length > 0 && width(`${last.join('')}…`, size) > box) last = last.slice(0, -1);
    lines[max - 1] = `${last.join('').trimEnd()}…`;
  }
  return lines;
}

export interface OgView {
  card: EventCard;
  /** A sparkline path (sparkline.ts) in a OG_CHART_WIDTH × OG_CHART_HEIGHT box, or null. */
  chartPath: string | null;
}

export const OG_CHART_WIDTH = 440;
export const OG_CHART_HEIGHT = 170;
const CHART_X = W - 80 - OG_CHART_WIDTH;
const CHART_TOP = H - 110 - OG_CHART_HEIGHT;
const OTHERS_BESIDE_CHART = CHART_X - 24 - 80;

const text = (x: number, y: number, attributes: string, content: string) =>
  `<text x="${x}" y="${y}" ${attributes}>${escapeHtml(content)}</text>`;

export function ogImageSvg({ card, chartPath }: OgView): string {
  const lines = wrapTitle(card.title);
  const lead = card.outcomes[0];
  const single = card.outcomes.length === 1;
  const leadLabel = lead ? xmlText(single ? `${lead.label} chance` : lead.label) : '';
  const moved = lead ? formatChange(lead.change) : null;
  const top = 120;
  const titleSvg = lines
    .map((line, i) =>
      text(80, top + i * TITLE_LINE, `font-size="${TITLE_SIZE}" font-weight="700" fill="#0f172a"`, line),
    )
    .join('');
  const chanceY = top + lines.length * TITLE_LINE + 120;
  const labelX = lead ? 80 + width(formatChance(lead.chance), 120) + 30 : 80;
  // Short of the sparkline too, when a long title has brought the label down beside it (its baseline
  // and descenders into the sparkline's box); above the box it has the width of the card.
  const besideChart = chartPath !== null && chanceY - 46 + 10 > CHART_TOP;
  const label = fitted(leadLabel, 34, (besideChart ? CHART_X - 24 : W - 80) - labelX);
  const chart = chartPath
    ? `<g transform="translate(${CHART_X} ${CHART_TOP})"><path d="${chartPath}" fill="none" stroke="#2563eb" stroke-width="5" stroke-linejoin="round"/></g>`
    : '';
  // As many as fit above the footer band (one, under a three-line title).
  const others = card.outcomes
    .slice(1)
    .filter((_, i) => chanceY + 56 + i * 42 <= H - 80 - 12)
    .map((o, i) =>
      text(
        80,
        chanceY + 56 + i * 42,
        `font-size="${OTHERS_SIZE}" fill="#475569"`,
        // Cut short of the sparkline, which sits to the right of these lines.
        fitted(
          `${formatChance(o.chance)} · ${xmlText(o.label)}`,
          OTHERS_SIZE,
          chartPath ? OTHERS_BESIDE_CHART : W - 160,
        ),
      ),
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, sans-serif">` +
    `<rect width="${W}" height="${H}" fill="#ffffff"/>` +
    `<rect width="${W}" height="14" fill="#2563eb"/>` +
    titleSvg +
    (lead
      ? text(80, chanceY, 'font-size="120" font-weight="700" fill="#0f172a"', formatChance(lead.chance)) +
        text(labelX, chanceY - 46, 'font-size="34" fill="#475569"', label) +
        (moved
          ? text(
              labelX,
              chanceY,
              `font-size="34" font-weight="700" fill="${moved.up ? '#15803d' : '#b91c1c'}"`,
              `${moved.text} pts · 24h`,
            )
          : '')
      : '') +
    (single ? '' : others) +
    chart +
    `<rect y="${H - 80}" width="${W}" height="80" fill="#f1f5f9"/>` +
    text(
      80,
      H - 28,
      'font-size="32" fill="#475569"',
      `${formatVolume(card.volume)} volume${card.closed ? ' · Closed' : ''}`,
    ) +
    text(W - 80, H - 28, 'font-size="36" font-weight="700" fill="#0f172a" text-anchor="end"', SITE_NAME) +
    '</svg>'
  );
}

const DEJAVU = '/usr/share/fonts/truetype/dejavu';
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((name) => join(DEJAVU, name));

/** The renderer's font settings: DejaVu Sans when installed (fast: two files), else the system's fonts. */
function fontOptions() {
  return FONT_FILES.every((file) => existsSync(file))
    ? { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' }
    : { loadSystemFonts: true };
}

export type PngRenderer = (svg: string) => Promise<Buffer>;

/**
 * The PNG renderer (resvg, on the thread pool: ~50 ms a card), or null when its native module does
 * not load on this platform: the images are then served as SVG only.
 */
export async function loadPngRenderer(): Promise<PngRenderer | null> {
  try {
    const { renderAsync } = await import('@resvg/resvg-js');
    const font = fontOptions();
    return async (svg) => (await renderAsync(svg, { font, fitTo: { mode: 'original' } })).asPng();
  } catch {
    return null;
  }
}
