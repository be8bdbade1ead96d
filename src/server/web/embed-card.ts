import { createHash } from 'node:crypto';
import { type EmbedTheme, eventPath, oneLine } from '../../contract/embed';
import { escapeHtml } from '../../contract/html';
import { SITE_NAME } from '../../contract/pages';
import { type CardOutcome, type EventCard, formatChance, formatChange, formatVolume } from './event-card';
import { changeLabel } from './embed-live-client';
import type { Sparkline } from './sparkline';

/**
 * The embed card's HTML (`/embed/e/<slug>`, docs/api.md "Embeds"): a plain string template rendered on
 * the server, whole without JavaScript (its live script, embed-live-client.ts, only rewrites the
 * chances marked `data-token`), with its own small stylesheet inline (allowed by its hash, see
 * EMBED_STYLE_HASH). Every catalog string goes through escapeHtml; the chart is numbers only. Sized for
 * a 400 × 300 frame, and fits 300 × 250.
 */

/** The chart's drawing box; the SVG stretches it to the space left (its stroke keeps its width). */
export const CHART_WIDTH = 400;
export const CHART_HEIGHT = 100;
/** Characters of a title the card keeps (it shows two lines; a 10 kB title is still one small page). */
const TITLE_MAX = 300;
const LABEL_MAX = 80;

const DARK =
  'color-scheme:dark;--bg:#0f172a;--fg:#f1f5f9;--muted:#94a3b8;--line:#334155;--accent:#60a5fa;--up:#4ade80;--down:#f87171';

export const EMBED_CSS = [
  ':root{color-scheme:light;--bg:#fff;--fg:#0f172a;--muted:#64748b;--line:#e2e8f0;--accent:#2563eb;--up:#15803d;--down:#b91c1c}',
  `:root[data-theme=dark]{${DARK}}`,
  `@media (prefers-color-scheme:dark){:root:not([data-theme]){${DARK}}}`,
  '*{box-sizing:border-box;margin:0;padding:0}',
  'html,body{height:100%}',
  'body{font:14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;background:var(--bg);color:var(--fg)}',
  '.card{height:100%;display:flex;flex-direction:column;gap:8px;padding:12px 14px;border:1px solid var(--line);border-radius:12px;overflow:hidden;background:var(--bg)}',
  '.head{flex:none;font-size:inherit;font-weight:inherit}',
  '.title{font-weight:650;font-size:15px;color:inherit;text-decoration:none;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;overflow-wrap:anywhere;flex:none}',
  '.title:hover,.title:focus-visible,.brand:hover{text-decoration:underline}',
  '.outcomes{list-style:none;display:flex;flex-direction:column;gap:3px;flex:none}',
  '.outcome{display:flex;align-items:baseline;gap:8px}',
  '.label{flex:1;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;color:var(--muted)}',
  '.chance{font-weight:700;font-size:16px;font-variant-numeric:tabular-nums}',
  '.single .chance{font-size:28px;line-height:1.1}',
  '.change{font-size:12px;font-variant-numeric:tabular-nums;white-space:nowrap}',
  // Its window, seen (a reader is told it in the label: embed-live-client.ts changeLabel).
  '.change::after{content:" 24h";color:var(--muted)}',
  '.up{color:var(--up)}.down{color:var(--down)}',
  '.plot{flex:1 1 0;min-height:0;position:relative}',
  // The scale's chances sit in a gutter right of the line, never over its latest points.
  '.chart{position:absolute;top:0;left:0;width:calc(100% - 34px);height:100%;display:block}',
  '.scale{position:absolute;right:0;font-size:11px;line-height:1;color:var(--muted);font-variant-numeric:tabular-nums}',
  '.scale.top{top:0}.scale.bottom{bottom:0}',
  '.chart path{fill:none;stroke:var(--accent);stroke-width:2;stroke-linejoin:round;vector-effect:non-scaling-stroke}',
  '.foot{margin-top:auto;display:flex;justify-content:space-between;gap:8px;font-size:12px;color:var(--muted);flex:none}',
  '.brand{color:var(--fg);font-weight:650;text-decoration:none}',
  '.missing{justify-content:center;text-align:center}',
].join('');

/** The CSP source that lets the card's one inline stylesheet apply, and nothing else inline. */
export const EMBED_STYLE_HASH = `'sha256-${createHash('sha256').update(EMBED_CSS, 'utf8').digest('base64')}'`;

const link = (href: string, className: string, text: string) =>
  `<a class="${className}" href="${escapeHtml(href)}" target="_blank" rel="noopener" dir="auto">${text}</a>`;

function page(title: string, theme: EmbedTheme | undefined, body: string, script = ''): string {
  const themeAttribute = theme ? ` data-theme="${theme}"` : '';
  return (
    `<!doctype html><html lang="en"${themeAttribute}><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    '<link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32">' +
    `<title>${escapeHtml(title)}</title><style>${EMBED_CSS}</style>${script}</head><body>${body}</body></html>`
  );
}

/** Where the card's live script and channel are (embed-live.ts), when the live channels exist. */
export interface EmbedLive {
  /** The script's path on this origin (versioned: `/embed/live.js?v=…`). */
  script: string;
  /** The market channel's path on this origin (`/clob/ws/market`): the script makes it ws(s)://. */
  channel: string;
}

export interface EmbedView {
  card: EventCard;
  /** The service's public origin: the card's links open the event's page there. */
  origin: string;
  theme?: EmbedTheme | undefined;
  /** The chart (sparkline.ts) in a CHART_WIDTH × CHART_HEIGHT box, or null for no chart. */
  chart: Sparkline | null;
  /** The live script and channel; absent or null: the card stays as served. */
  live?: EmbedLive | null;
}

/**
 * A chance the live script moves: its Yes token, and its price 24 hours ago (the served price minus the
 * served change) when both are known, so that the script can show the change too.
 */
function liveAttributes({ chance, change, token }: CardOutcome): string {
  if (!token) return '';
  const dayAgo = chance !== null && change !== null ? Math.round((chance - change) * 10_000) / 10_000 : null;
  return ` data-token="${escapeHtml(token)}"${dayAgo === null ? '' : ` data-day-ago="${dayAgo}"`}`;
}

function outcomeRow(outcome: CardOutcome, single: boolean, live: boolean): string {
  const { label, chance, change } = outcome;
  const moved = formatChange(change);
  const changeHtml = moved
    ? `<span class="change ${moved.up ? 'up' : 'down'}" role="img" aria-label="${changeLabel(moved.text)}" title="24-hour change, in points">${moved.text}</span>`
    : '';
  const chanceHtml = `<span class="chance"${live ? liveAttributes(outcome) : ''}>${formatChance(chance)}</span>`;
  const labelHtml = `<span class="label" dir="auto">${escapeHtml(oneLine(label, LABEL_MAX))}</span>`;
  return single
    ? `<li class="outcome single">${chanceHtml}<span class="label" dir="auto">${escapeHtml(oneLine(label, LABEL_MAX))} chance</span>${changeHtml}</li>`
    : `<li class="outcome">${labelHtml}${chanceHtml}${changeHtml}</li>`;
}

/**
 * The leading outcome's week as a line, with the chances at the top and bottom of its box: the box is
 * fitted to the line, so without them a move of two points would look like one of fifty.
 */
function chartHtml({ path, low, high }: Sparkline, plotted: string): string {
  const [top, bottom] = [formatChance(high), formatChance(low)];
  return (
    '<div class="plot">' +
    `<svg class="chart" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" preserveAspectRatio="none" role="img" aria-label="Chance of ${escapeHtml(oneLine(plotted, LABEL_MAX))} over the last week, between ${bottom} and ${top}"><path d="${path}"/></svg>` +
    `<span class="scale top" aria-hidden="true">${top}</span><span class="scale bottom" aria-hidden="true">${bottom}</span>` +
    '</div>'
  );
}

export function renderEmbed({ card, origin, theme, chart: drawn, live }: EmbedView): string {
  const title = oneLine(card.title, TITLE_MAX);
  const single = card.outcomes.length === 1;
  // Live only with something to move: at least one tradable market shown.
  const isLive = Boolean(live) && card.outcomes.some((o) => o.token);
  const rows = card.outcomes.map((o) => outcomeRow(o, single, isLive)).join('');
  // The chart plots the first outcome shown: a single market's first (Yes), or the most likely market.
  const chart = drawn ? chartHtml(drawn, card.outcomes[0]?.label ?? card.title) : '';
  const status = card.closed ? ' · Closed' : '';
  const body =
    (isLive && live ? `<main class="card" data-live="${escapeHtml(live.channel)}">` : '<main class="card">') +
    `<h1 class="head">${link(`${origin}${eventPath(card.slug)}`, 'title', escapeHtml(title))}</h1>` +
    `<ul class="outcomes">${rows}</ul>` +
    chart +
    `<footer class="foot"><span>${formatVolume(card.volume)} Vol.${status}</span>${link(`${origin}/`, 'brand', SITE_NAME)}</footer>` +
    '</main>';
  const script = isLive && live ? `<script src="${escapeHtml(live.script)}" defer></script>` : '';
  return page(`${title} · ${SITE_NAME}`, theme, body, script);
}

/** The card of an embed whose event does not exist (answered with 404). */
export function renderEmbedNotFound(origin: string, theme: EmbedTheme | undefined): string {
  const body =
    '<main class="card missing">' +
    '<h1 class="title">This event does not exist</h1>' +
    '<p class="label">It may have been removed, or the link is mistyped.</p>' +
    `<footer class="foot"><span></span>${link(`${origin}/`, 'brand', SITE_NAME)}</footer>` +
    '</main>';
  return page(`Not found · ${SITE_NAME}`, theme, body);
}
