import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a server-rendered page hands the dashboard beside its HTML (entry-server.tsx writes it,
 * main.tsx reads it): the catalog answers the first view was rendered from, so that hydration renders
 * the same markup without asking the server again, and the time it was rendered at (see RenderedAt).
 */
export interface FirstView {
  renderedAt: number;
  queries: DehydratedState;
}

export const FIRST_VIEW_ID = 'first-view';

/**
 * The payload as a data block: `<script type="application/json">` never runs (so the strict CSP,
 * which allows no inline script but its own hashed one, has nothing to allow), and every `<` is
 * written `\u003c`, which JSON reads back as `<`, so no catalog text can end the element
 * (`</script>`) or open a comment in it: it stays text.
 */
export function firstViewScript(view: FirstView): string {
  const json = JSON.stringify(view).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_VIEW_ID}">${json}</script>`;
}

/** The payload of the page, or null when the page was not rendered on the server. */
export function readFirstView(): FirstView | null {
  const text = document.getElementById(FIRST_VIEW_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstView;
  } catch {
    return null;
  }
}
