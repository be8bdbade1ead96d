/**
 * What the dashboard's server build (src/app/entry-server.tsx, built to dist/server/) offers the
 * server, which loads the built file and never the dashboard's sources (src/server/web/renderer.ts).
 */

/** How the renderer's requests reach the catalog: given a URL and fetch's options, an answer as fetch gives it. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** A page's first view: the markup for the dashboard's root element and the data block its hydration reads. */
export interface RenderedPage {
  html: string;
  data: string;
}

export interface PageRenderer {
  /** Sends the renderer's catalog reads through `transport` from now on (the server answers them in-process). */
  setTransport(transport: Transport): void;
  /**
   * The first view of the page at `url` (path and query), or null when its data failed (the page is
   * then rendered in the browser, which shows the failure and can retry).
   */
  render(url: string): Promise<RenderedPage | null>;
}
