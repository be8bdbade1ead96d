import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { readFirstView } from './first-view';
import { createAppRouter, createQueryClient } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const container = document.getElementById('root')!;
const firstView = readFirstView();

if (firstView) {
  // The server rendered this page: take its data, resolve the route from it (no request), then
  // hydrate its markup. A transition: React hydrates in slices that yield to the browser instead of
  // one long task (Lighthouse counts long tasks as TBT), and the page is already on screen meanwhile.
  hydrate(queryClient, firstView.queries);
  // Renders the route tree as the server did (no suspense boundary of its own around it).
  router.ssr = { manifest: undefined };
  // Not a top-level await: the routes' code is in this module's own chunk, which would wait on itself.
  void router.load().then(() =>
    startTransition(() => {
      hydrateRoot(
        container,
        <App router={router} queryClient={queryClient} renderedAt={firstView.renderedAt} />,
      );
    }),
  );
} else {
  const root = createRoot(container);
  startTransition(() => root.render(<App router={router} queryClient={queryClient} />));
}
