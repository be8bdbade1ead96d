/** Button looks shared by the Keys page's components (the shell has no button component). */
const base =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

export const primaryButton = `${base} bg-accent-600 text-white hover:bg-accent-700 disabled:hover:bg-accent-600`;
export const secondaryButton = `${base} border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800`;
export const dangerButton = `${base} bg-red-700 text-white hover:bg-red-800 disabled:hover:bg-red-700`;
export const card = 'rounded-lg border border-neutral-200 p-4 sm:p-5 dark:border-neutral-800';
export const muted = 'text-neutral-600 dark:text-neutral-400';
export const inputField =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 font-mono text-sm placeholder:text-neutral-500 focus:border-accent-500 dark:border-neutral-700 dark:bg-neutral-900 dark:placeholder:text-neutral-400';
