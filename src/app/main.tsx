import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { readFirstView } from './first-view';
import { markPageCodeErrors } from './lib/page-code';
import { captureEarlyInput } from './lib/use-early-input';
import { createAppRouter, createQueryClient } from './router';
import './styles.css';

const container = document.getElementById('root')!;
// Before any page's code is imported (page-code.ts): an outage shows the page's error, not the browser's.
markPageCodeErrors(window);

/**
 * Ends the current task. Starting has four long steps (running this bundle; making the router; reading
 * the page's data and resolving its route; hydrating), and a phone's browser should be able to paint and
 * take input between them rather than block through all of them in one task (Lighthouse counts each
 * task's time past 50 ms as blocking). A message, not a timer: timers in a background tab wait up to a second.
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start(): Promise<void> {
  await yieldToBrowser();
  // Made here, not as the module runs: evaluating the bundle is a long task of its own already.
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  await yieldToBrowser();
  const firstView = readFirstView();
  if (!firstView) {
    const root = createRoot(container);
    startTransition(() => root.render(<App router={router} queryClient={queryClient} />));
    return;
  }
  // The server rendered this page: take its data, resolve the route from it (no request), then
  // hydrate its markup. A transition: React hydrates in slices that yield to the browser too.
  hydrate(queryClient, firstView.queries);
  // Renders the route tree as the server did (no suspense boundary of its own around it).
  router.ssr = { manifest: undefined };
  await router.load();
  await yieldToBrowser();
  startTransition(() => {
    captureEarlyInput(container);
    hydrateRoot(
      container,
      <App router={router} queryClient={queryClient} renderedAt={firstView.renderedAt} />,
    );
  });
}

// Not a top-level await: the routes' code is in this module's own chunk, which would wait on itself.
void start();
