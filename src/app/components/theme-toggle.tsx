import { useEffect, useSyncExternalStore } from 'react';
import { LiveButton } from './live-button';

const STORAGE_KEY = 'marketdesk-theme';

function systemPrefersDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

function readSaved(): 'light' | 'dark' | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : null;
  } catch {
    return null;
  }
}

export function applyTheme(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/** The theme is the class on <html> (set before first paint by index.html's script): followed as it changes. */
function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/**
 * Light/dark switch. Until the user picks, the system setting rules (and is followed live);
 * a pick is saved and wins from then on. the inline script in index.html applies the same rule before first paint.
 */
export function ThemeToggle() {
  // The server cannot know the theme: its HTML (and the hydration of it) says light, then the browser's class wins.
  // Both icons are in the markup and CSS shows the theme's one, so the icon is right before any script.
  const dark = useSyncExternalStore(
    subscribeToTheme,
    () => document.documentElement.classList.contains('dark'),
    () => false,
  );

  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!media) return;
    const follow = () => {
      if (readSaved() !== null) return;
      applyTheme(media.matches);
    };
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  return (
    <LiveButton
      aria-pressed={dark}
      aria-label="Dark theme"
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => {
        const next = !dark;
        applyTheme(next);
        try {
          // Picking what the system already shows returns to following the system.
          if (next === systemPrefersDark()) localStorage.removeItem(STORAGE_KEY);
          else localStorage.setItem(STORAGE_KEY, next ? 'dark' : 'light');
        } catch {
          // Storage may be blocked: the choice then lasts for this page only.
        }
      }}
      className="inline-flex size-9 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden size-5 dark:block" fill="currentColor">
        <path d="M17.293 13.293A8 8 0 0 1 6.707 2.707a8.001 8.001 0 1 0 10.586 10.586z" />
      </svg>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5 dark:hidden"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <circle cx="10" cy="10" r="3.5" />
        <path d="M10 1.5v2M10 16.5v2M1.5 10h2M16.5 10h2M4 4l1.4 1.4M14.6 14.6 16 16M4 16l1.4-1.4M14.6 5.4 16 4" />
      </svg>
    </LiveButton>
  );
}
