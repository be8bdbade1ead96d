import { useLocation } from '@tanstack/react-router';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { LiveRegion } from './live-region';
import { TopBar } from './top-bar';

/**
 * On a move to another page (not on the first load, nor when only the view's query changes), focus
 * goes to the page's content, as a full page load would put a screen reader there, instead of
 * staying on a link that is gone or on the body.
 */
function useFocusMainOnPageChange() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const main = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

/**
 * Keyboard browsing (j/k/s/?), imported once the page has hydrated (no first load carries it) and shown
 * when it arrives. Not React.lazy: a component suspending just after hydration made React render the
 * list's toolbar again from scratch, losing an option chosen before hydration (useEarlyInput).
 */
function ShortcutsOnceHydrated() {
  const [Shortcuts, setShortcuts] = useState<ComponentType | null>(null);
  useEffect(() => {
    let mounted = true;
    void import('./shortcuts').then((module) => {
      if (mounted) setShortcuts(() => module.default);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return Shortcuts ? <Shortcuts /> : null;
}

export function Layout({ children }: { children: ReactNode }) {
  const main = useFocusMainOnPageChange();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-accent-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <TopBar />
      <main
        ref={main}
        id="main"
        tabIndex={-1}
        // At least a screen tall: the footer starts below the fold, so arriving content never pushes it (CLS 0).
        className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-3 py-4 sm:px-6 focus:outline-none"
      >
        {children}
      </main>
      <footer className="border-t border-neutral-200 px-4 py-4 text-center text-xs text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        Prices are chances implied by the order book, not advice.
      </footer>
      <LiveRegion />
      <ShortcutsOnceHydrated />
    </div>
  );
}
