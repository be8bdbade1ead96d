import { announce } from './live-region';
import { LiveButton } from './live-button';
import { toggleWatched, useWatched, WATCHLIST_MAX } from '../lib/watchlist';

/**
 * A star that adds an event to the watchlist or takes it off: a toggle button (aria-pressed) named by
 * the event, whose change is announced. `data-star` lets the `s` shortcut find it.
 */
export function StarButton({
  slug,
  title,
  labelled = false,
  className = '',
}: {
  slug: string;
  title: string;
  /**
   * Shows "Watch" beside the star (the event page); a row shows the star alone. A toggle's label stays
   * as it is when pressed (the filled star and aria-pressed say it): "Watching" did not match its name.
   */
  labelled?: boolean;
  className?: string;
}) {
  const watched = useWatched(slug);
  function toggle() {
    if (!toggleWatched(slug)) announce(`Your watchlist is full (${WATCHLIST_MAX} events): remove one first.`);
    else announce(watched ? 'Removed from watchlist' : 'Added to watchlist');
  }
  return (
    <LiveButton
      data-star
      data-page-star={labelled || undefined}
      aria-pressed={watched}
      aria-label={`Watch: ${title}`}
      title={watched ? 'Remove from watchlist (s)' : 'Add to watchlist (s)'}
      onClick={toggle}
      className={`inline-flex shrink-0 items-center justify-center gap-1.5 rounded-md hover:bg-neutral-100 disabled:opacity-60 dark:hover:bg-neutral-800 ${labelled ? `h-9 border px-3 text-sm font-medium ${watched ? 'border-amber-500 dark:border-amber-400' : 'border-neutral-300 dark:border-neutral-700'}` : 'size-7'} ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={`size-4.5 ${watched ? 'text-amber-600 dark:text-amber-400' : 'text-neutral-500 dark:text-neutral-400'}`}
        fill={watched ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      >
        <path d="m10 2.5 2.3 4.8 5.2.7-3.8 3.6.9 5.2-4.6-2.5-4.6 2.5.9-5.2L2.5 8l5.2-.7z" />
      </svg>
      {labelled && 'Watch'}
    </LiveButton>
  );
}
