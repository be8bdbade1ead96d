import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './components/route-error';
import { NotFound, type NotFoundData } from './components/status-states';
import { ApiResponseError } from './lib/api-client';
import { routeTree } from './routeTree.gen';

/** `server`: the server's renderer, whose in-process reads either answer or not: no retries to wait for. */
export function createQueryClient({ server = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network blips and 5xx get two more tries.
        retry: (failures, error) =>
          !server && !(error instanceof ApiResponseError && error.status < 500) && failures < 2,
      },
    },
  });
}

/**
 * `serverHistory`: the server's renderer gives the request's path and query as a memory history (made
 * there, so the browser's bundle does not carry it); the browser's router reads its location.
 */
export function createAppRouter(
  queryClient: QueryClient,
  { serverHistory }: { serverHistory?: RouterHistory } = {},
) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(serverHistory === undefined ? {} : { history: serverHistory }),
    // Hover or focus on a link runs its loader, so the page opens with its data.
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 200,
    defaultPendingMinMs: 300,
    // In the browser only: on the server the router would write an inline script for it, which the CSP forbids.
    scrollRestoration: serverHistory === undefined,
    defaultErrorComponent: RouteError,
    // The one not-found page, for unknown paths and for the event, tag or series a loader did not find
    // (naming which: routes/-page-loaders.ts).
    defaultNotFoundComponent: ({ data }) => <NotFound what={(data as NotFoundData | undefined)?.what} />,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
