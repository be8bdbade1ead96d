import { useLocation } from '@tanstack/react-router';
import { copyText, useBrief } from '../../../components/copy-button';
import { announce } from '../../../components/live-region';
import { LiveButton } from '../../../components/live-button';
import { DEFAULT_CHART_RANGE } from '../../../../contract/chart-range';
import { embedCode } from '../../../../contract/embed';
import { parseEventSearch } from '../../../../contract/event-search';

/** The canonical, shareable address of an event page. */
export function eventUrl(slug: string, origin = window.location.origin): string {
  return `${origin}/e/${encodeURIComponent(slug)}`;
}

/**
 * The part of an event page's query a shared link keeps: the view it shows (its market and chart
 * range, defaults left out), and nothing else the address bar happened to hold (`?foo=1`, tracking).
 */
export function sharedView(search: unknown): string {
  const { market, range } = parseEventSearch(search);
  const params = new URLSearchParams();
  if (market !== undefined) params.set('market', String(market));
  if (range !== DEFAULT_CHART_RANGE) params.set('range', range);
  const query = params.toString();
  return query ? `?${query}` : '';
}

function ActionIcon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
    >
      <path d={d} />
    </svg>
  );
}

const actionClass =
  'inline-flex h-9 items-center gap-1.5 rounded-md border border-neutral-300 px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800';

/**
 * Share: the Web Share sheet where the browser has one, otherwise the link copied ("Link copied"), with
 * what the page's address keeps of the view (the market whose book is shown, the chart's range).
 * Embed: the `<iframe>` code of the event's card copied (src/contract/embed.ts), for another site.
 */
export function ShareButtons({ slug, title }: { slug: string; title: string }) {
  const [status, setStatus] = useBrief<string>(2500);
  const view = useLocation({ select: (location) => sharedView(location.search) });

  async function share() {
    const url = `${eventUrl(slug)}${view}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The person closed the sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    say((await copyText(url)) ? 'Link copied' : 'Could not copy the link; copy it from the address bar.');
  }

  async function embed() {
    const code = embedCode(window.location.origin, slug, title);
    say((await copyText(code)) ? 'Embed code copied' : 'Could not copy the embed code.');
  }

  function say(message: string) {
    setStatus(message);
    announce(message);
  }

  return (
    <div className="relative flex flex-wrap items-center gap-2">
      <LiveButton onClick={() => void share()} className={actionClass}>
        <ActionIcon d="M10 13V3m0 0L6.5 6.5M10 3l3.5 3.5M4 11v5h12v-5" />
        Share
      </LiveButton>
      <LiveButton
        onClick={() => void embed()}
        className={actionClass}
        title="Copy the code that shows this event's card on another site"
      >
        <ActionIcon d="m7 6-4 4 4 4m6-8 4 4-4 4" />
        Embed
      </LiveButton>
      {/* Under the buttons, over what is below for its 2.5 s: in the row it re-wrapped the title beside it. */}
      {status && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-full right-0 z-10 mt-1 rounded-md bg-white px-2 py-1 text-sm whitespace-nowrap text-emerald-700 shadow-sm ring-1 ring-neutral-200 dark:bg-neutral-900 dark:text-emerald-400 dark:ring-neutral-800"
        >
          {status}
        </span>
      )}
    </div>
  );
}
