import { useEffect, useState } from 'react';

type Listener = (message: string) => void;
const listeners = new Set<Listener>();

/** Says `message` to screen readers through the page's one polite live region. */
export function announce(message: string): void {
  for (const listener of listeners) listener(message);
}

/** How long a message stays in the region once said: later, on another page, it would be stale. */
export const ANNOUNCEMENT_MS = 10_000;

/** Mounted once in the layout. Clearing first makes a repeated message ("Link copied" twice) heard again. */
export function LiveRegion() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener: Listener = (next) => {
      setMessage('');
      clearTimeout(timer);
      timer = setTimeout(() => {
        setMessage(next);
        timer = setTimeout(() => setMessage(''), ANNOUNCEMENT_MS);
      }, 50);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      clearTimeout(timer);
    };
  }, []);
  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="live-region">
      {message}
    </div>
  );
}
