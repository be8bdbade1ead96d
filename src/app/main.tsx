import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter, createQueryClient } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first view in slices that yield to the browser instead of one
// long task (the page stays responsive while the app starts; Lighthouse counts long tasks as TBT).
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
