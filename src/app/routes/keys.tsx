import { createFileRoute } from '@tanstack/react-router';

// Placeholder created by the catalog dashboard work; the Keys page (issue 5) owns this file.
export const Route = createFileRoute('/keys')({
  head: () => ({ meta: [{ title: 'API keys · Marketdesk' }] }),
});
