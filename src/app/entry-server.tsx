/**
 * The dashboard's first view rendered on the server (built by Vite into dist/server/, loaded by
 * src/server/web): the router runs the same loaders as in the browser, their catalog reads answered
 * in-process, so the page arrives with its content and its data, and shows without waiting for JS.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import type { PageRenderer } from '../contract/page-renderer';
import { App } from './app';
import { firstViewScript } from './first-view';
import { ApiResponseError, setTransport } from './lib/api-client';
import { nowStep } from './lib/use-now';
import { createAppRouter, createQueryClient } from './router';

/** Resolves once no query is fetching: list pages start their lists without waiting (routes/-page-loaders.ts). */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
}

/** A read that failed for another reason than "no such record": the browser renders that page itself. */
function failedRead(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      ({ state }) =>
        state.status === 'error' && !(state.error instanceof ApiResponseError && state.error.isNotFound),
    );
}

async function render(url: string) {
  const queryClient = createQueryClient({ server: true });
  const router = createAppRouter(queryClient, {
    serverHistory: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  await settled(queryClient);
  if (failedRead(queryClient) || router.state.matches.some((match) => match.status === 'error')) return null;
  const renderedAt = nowStep();
  const html = renderToString(<App router={router} queryClient={queryClient} renderedAt={renderedAt} />);
  // A link whose search the router rewrites (?page=0, ?list=bogus: each field falls back to its default)
  // renders nothing here, the router being on its way to the rewritten URL: the browser renders it
  // itself, rather than hydrating an empty page.
  if (html === '') return null;
  // Only answers that arrived (a not-found stays out: the browser asks again and draws the same page).
  return { html, data: firstViewScript({ renderedAt, queries: dehydrate(queryClient) }) };
}

export const renderer: PageRenderer = { setTransport, render };
