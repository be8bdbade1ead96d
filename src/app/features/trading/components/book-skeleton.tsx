/** The book's shape while it loads (nothing jumps when the levels arrive). */
export function BookSkeleton() {
  return (
    <div className="space-y-1">
      {Array.from({ length: 9 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
        <div
          key={i}
          aria-hidden="true"
          className="h-6 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800"
        />
      ))}
    </div>
  );
}
