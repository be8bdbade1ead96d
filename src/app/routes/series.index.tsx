import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/series/')({
  component: () => <p>Series</p>,
});
