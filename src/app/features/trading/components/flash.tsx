import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Marks its children briefly when `value` changes after the first render (a live figure that moved);
 * the first value is never marked, and reduced motion turns the mark off (styles.css).
 */
export function Flash({ value, children }: { value: unknown; children: ReactNode }) {
  const previous = useRef(value);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    setChanges((n) => n + 1);
  }, [value]);
  // A new key restarts the animation on every change.
  return (
    <span key={changes} className={changes > 0 ? 'flash-change' : undefined}>
      {children}
    </span>
  );
}
