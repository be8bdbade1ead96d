import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder shell: the dashboard issue replaces it.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>Marketdesk</main>
  </StrictMode>,
);
