import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { HydratedProvider } from './lib/use-hydrated';
import { RenderedAt } from './lib/use-now';
import type { AppRouter } from './router';

/** The dashboard's tree, the same for the server's render (entry-server.tsx) and the browser's (main.tsx). */
export function App({
  router,
  queryClient,
  renderedAt = null,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  renderedAt?: number | null;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderedAt value={renderedAt}>
          <HydratedProvider serverRendered={renderedAt !== null}>
            <RouterProvider router={router} />
          </HydratedProvider>
        </RenderedAt>
      </QueryClientProvider>
    </StrictMode>
  );
}
