import { Link, useLocation, useMatchRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { PAGES } from '../../contract/pages';
import { useEarlyInput } from '../lib/use-early-input';
import { ThemeToggle } from './theme-toggle';
import { LiveButton } from './live-button';

/** The pages that are a list of events, which the search field filters in place. */
const LIST_PAGES = [PAGES.top.path, PAGES.tag.path, PAGES.seriesOne.path] as const;
const DEBOUNCE_MS = 300;

/** Title search: on a list page it filters that list as you type; elsewhere Enter searches the top list. */
function SearchField() {
  const navigate = useNavigate();
  const matchRoute = useMatchRoute();
  const onList = LIST_PAGES.some((to) => matchRoute({ to }) !== false);
  const q = useSearch({ strict: false, select: (search) => search.q });
  const urlQuery = onList ? (q ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const early = useEarlyInput<HTMLInputElement>('search', value, setValue);
  const id = useId();

  // Back/forward or a link changed q: show what the URL says, unless it is what is typed (trimmed:
  // "fed " sent as q=fed keeps its space for the next word). Adjusted while rendering, not in an
  // effect, so it cannot undo text typed before hydration (taken up by useEarlyInput on mount).
  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery);
    setValue((typed) => (typed.trim() === urlQuery ? typed : urlQuery));
  }

  useEffect(() => {
    if (!onList || value.trim() === urlQuery) return;
    const timer = setTimeout(() => {
      void navigate({
        to: '.',
        // Typing replaces the entry, so Back leaves the search instead of stepping through keystrokes.
        replace: true,
        search: (prev) => ({ ...prev, q: value.trim() || undefined, page: undefined }),
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, onList, urlQuery, navigate]);

  return (
    <search className="min-w-0 flex-1">
      <form
        className="relative w-full"
        onSubmit={(e) => {
          e.preventDefault();
          if (!onList) void navigate({ to: '/', search: { q: value.trim() || undefined } });
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search events by title
        </label>
        {/* data-search: where the "/" shortcut puts the focus (components/shortcuts.tsx). */}
        <input
          {...early}
          data-search
          id={id}
          type="search"
          value={value}
          maxLength={200}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Search events"
          autoComplete="off"
          className="peer h-9 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm placeholder:text-neutral-500 focus:border-accent-500 sm:pr-9 dark:border-neutral-700 dark:bg-neutral-900 dark:placeholder:text-neutral-400"
        />
        {/* The shortcut, where there is a keyboard to press it (the help dialog says it in words). */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-neutral-300 px-1.5 text-xs text-neutral-500 peer-focus:hidden sm:block dark:border-neutral-700 dark:text-neutral-400"
        >
          /
        </span>
      </form>
    </search>
  );
}

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white';
const navActive = { className: 'bg-neutral-100 text-neutral-900 dark:bg-neutral-800 dark:text-white' };

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <Link to="/tags" className={navLink} activeProps={navActive} onClick={onNavigate}>
        Tags
      </Link>
      <Link to="/series" className={navLink} activeProps={navActive} onClick={onNavigate}>
        Series
      </Link>
      <Link to="/watchlist" className={navLink} activeProps={navActive} onClick={onNavigate}>
        Watchlist
      </Link>
      <Link to="/keys" className={navLink} activeProps={navActive} onClick={onNavigate}>
        Keys
      </Link>
      <Link to="/portfolio" className={navLink} activeProps={navActive} onClick={onNavigate}>
        Portfolio
      </Link>
    </>
  );
}

export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // Escape closes the open menu and puts focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-20 border-b border-neutral-200 bg-white/95 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/95">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded font-semibold"
          aria-label="Marketdesk home"
        >
          {/* The favicon, drawn inline: an <img> of an SVG costs the main thread a document of its own. */}
          <svg viewBox="0 0 32 32" width="24" height="24" className="size-6" aria-hidden="true">
            <rect width="32" height="32" rx="6" fill="#4f46e5" />
            <path d="M7 23V9h3.2l5.8 8.4L21.8 9H25v14h-3.2v-8.6L16 22.6l-5.8-8.2V23z" fill="#fff" />
          </svg>
          <span className="hidden sm:inline">Marketdesk</span>
        </Link>
        <SearchField />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLinks />
        </nav>
        <ThemeToggle />
        <LiveButton
          ref={menuButton}
          className="inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 md:hidden dark:text-neutral-300 dark:hover:bg-neutral-800"
          aria-expanded={menuOpen}
          aria-controls="mobile-nav"
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            {menuOpen ? <path d="M5 5l10 10M15 5 5 15" /> : <path d="M3 5.5h14M3 10h14M3 14.5h14" />}
          </svg>
        </LiveButton>
      </div>
      {menuOpen && (
        <nav
          id="mobile-nav"
          aria-label="Main"
          className="flex flex-col gap-1 border-t border-neutral-200 px-3 py-2 md:hidden dark:border-neutral-800"
        >
          <NavLinks onNavigate={() => setMenuOpen(false)} />
        </nav>
      )}
    </header>
  );
}
