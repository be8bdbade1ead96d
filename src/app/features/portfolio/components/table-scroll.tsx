import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways in here: a tab stop, so the arrow keys scroll it too, named
 * by its table's caption for whoever lands on it.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-accent-500"
    >
      {children}
    </section>
  );
}
