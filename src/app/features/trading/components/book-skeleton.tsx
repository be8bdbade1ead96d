/** The book's shape while it loads (nothing jumps when the levels arrive). */
const ROWS = Array.from({ length: 9 }, (_, i) => `row-${i}`);

export function BookSkeleton() {
  return (
    <div className="space-y-1">
      {ROWS.map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="h-6 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800"
        />
      ))}
    </div>
  );
}
