import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { RouteError } from './components/route-error';
import { NotFound } from './components/status-states';
import { ApiResponseError } from './lib/api-client';
import type { NotFoundData } from './lib/route-helpers';
import { routeTree } from './routeTree.gen';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network blips and 5xx get two more tries.
        retry: (failures, error) =>
          !(error instanceof ApiResponseError && error.status < 500) && failures < 2,
      },
    },
  });
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Hover or focus on a link runs its loader, so the page opens with its data.
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 200,
    defaultPendingMinMs: 300,
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    // The one not-found page, for unknown paths and for the event, tag or series a loader did not find
    // (naming which: route-helpers.ts).
    defaultNotFoundComponent: ({ data }) => <NotFound what={(data as NotFoundData | undefined)?.what} />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
