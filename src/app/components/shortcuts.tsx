import { useEffect, useRef } from 'react';
import { focusTicket } from '../lib/ticket-focus';

/**
 * Keyboard browsing, loaded once the page has hydrated (never in a first load): `j`/`k` move through a
 * list's rows (the focus goes to the row's link, so `Enter` opens it as a click would), `s` stars the
 * focused row's event (or the event page's), `t` goes to an event page's trade ticket (past the
 * header, chart and book: some thirty stops by Tab), `/` goes to the search field, `?` shows this help.
 * Never while typing in a field, nor with a modifier key (the browser's and screen readers' own shortcuts
 * stay theirs).
 */
export const SHORTCUTS = [
  ['j', 'Next event in the list'],
  ['k', 'Previous event in the list'],
  ['Enter', 'Open the focused event'],
  ['s', 'Star or unstar the focused event (or this event)'],
  ['t', 'Go to the trade ticket (on an open event’s page)'],
  ['/', 'Search events'],
  ['?', 'Show these shortcuts'],
] as const;

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** Moves the focus `step` rows on from the focused one (the first row when none is). */
function moveFocus(step: 1 | -1): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[data-row-link]')];
  if (links.length === 0) return;
  const current = document.activeElement?.closest('li')?.querySelector('a[data-row-link]');
  const at = links.indexOf(current as HTMLAnchorElement);
  const next = at === -1 ? 0 : Math.min(links.length - 1, Math.max(0, at + step));
  links[next]?.focus();
  links[next]?.scrollIntoView({ block: 'nearest' });
}

function star(): void {
  const row = document.activeElement?.closest('li:has(a[data-row-link])');
  const button =
    row?.querySelector<HTMLButtonElement>('[data-star]') ?? document.querySelector('[data-page-star]');
  (button as HTMLButtonElement | null)?.click();
}

export default function Shortcuts() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
        return;
      if (isTyping(event.target) || dialog.current?.open) return;
      if (event.key === 'j' || event.key === 'k') moveFocus(event.key === 'j' ? 1 : -1);
      else if (event.key === 's') star();
      else if (event.key === 't') focusTicket();
      else if (event.key === '/') document.querySelector<HTMLInputElement>('input[data-search]')?.focus();
      else if (event.key === '?') dialog.current?.showModal();
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-heading"
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-neutral-200 bg-white p-5 text-neutral-900 shadow-xl backdrop:bg-black/40 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <h2 id="shortcuts-heading" className="text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="inline-block min-w-7 rounded border border-neutral-300 px-1.5 py-0.5 text-center font-mono text-xs dark:border-neutral-700">
                {key}
              </kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="mt-4 text-right">
        <button
          type="submit"
          className="h-9 rounded-md border border-neutral-300 px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
        >
          Close
        </button>
      </form>
    </dialog>
  );
}
