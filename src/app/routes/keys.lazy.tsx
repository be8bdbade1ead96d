import { createLazyFileRoute } from '@tanstack/react-router';

// Placeholder: the Keys page (issue 5) replaces this component. Wallet code lives only behind this lazy route.
export const Route = createLazyFileRoute('/keys')({
  component: KeysPlaceholder,
});

function KeysPlaceholder() {
  return (
    <section aria-labelledby="keys-heading" className="mx-auto max-w-3xl p-4">
      <h1 id="keys-heading" className="text-2xl font-semibold">
        API keys
      </h1>
      <p className="mt-2 text-neutral-600 dark:text-neutral-400">Coming soon.</p>
    </section>
  );
}
