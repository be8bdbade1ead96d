/**
 * A grey block standing in for content of the same size (skeletons keep the layout still: CLS 0).
 * `inline`: inside text (a paragraph may not hold a block element), drawn as an inline block.
 */
export function Skeleton({ className = '', inline = false }: { className?: string; inline?: boolean }) {
  const classes = `animate-pulse rounded bg-neutral-200 dark:bg-neutral-800 ${className}`;
  return inline ? (
    <span aria-hidden="true" className={`inline-block ${classes}`} />
  ) : (
    <div aria-hidden="true" className={classes} />
  );
}
