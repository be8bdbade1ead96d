/**
 * Figures as they were when the live connection dropped (the book, the ticket's preview): framed and said
 * in words, never dimmed, so that they stay readable at full contrast and do not pass for current.
 */
export const STALE_FRAME =
  'rounded-md outline-2 outline-offset-4 outline-amber-600 outline-dashed dark:outline-amber-400';
export const STALE_NOTE = 'text-sm text-amber-800 dark:text-amber-300';
