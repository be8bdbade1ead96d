/** Class names the Portfolio's parts share. */
export const muted = 'text-neutral-600 dark:text-neutral-400';
export const button =
  'inline-flex h-9 items-center justify-center rounded-md bg-accent-600 px-3 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-60';
export const secondary =
  'inline-flex h-8 items-center justify-center rounded-md border border-neutral-300 px-2 text-sm hover:bg-neutral-100 disabled:opacity-60 dark:border-neutral-700 dark:hover:bg-neutral-800';
export const table = 'w-full text-left text-sm tabular-nums';
export const th = 'px-2 py-1 font-medium text-neutral-600 dark:text-neutral-400';
export const td = 'border-t border-neutral-200 px-2 py-1.5 dark:border-neutral-800';
