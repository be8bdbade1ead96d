import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format';

export function pageRange(
  page: number,
  size: number,
  total: number,
): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  if (total === 0) return { from: 0, to: 0, pages };
  const from = (page - 1) * size + 1;
  return { from: Math.min(from, total + 1), to: Math.min(page * size, total), pages };
}

const stepClass = 'inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium';
const linkClass = `${stepClass} border-neutral-300 hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800`;
// Muted, not faded: text that is there to read keeps its contrast (WCAG AA) in both themes.
const unavailableClass = `${stepClass} cursor-default border-neutral-200 text-neutral-500 dark:border-neutral-800 dark:text-neutral-400`;

/** Previous or Next: a link to that page of this very view (it can open in a new tab); plain dimmed text at either end. */
function Step({ to, children }: { to: number | null; children: ReactNode }) {
  if (to === null) return <span className={unavailableClass}>{children}</span>;
  return (
    <Link to="." search={(prev: Record<string, unknown>) => ({ ...prev, page: to })} className={linkClass}>
      {children}
    </Link>
  );
}

/** "21–40 of 1,234" with previous/next links; the page number lives in the URL like every other view setting. */
export function Pagination({ page, size, total }: { page: number; size: number; total: number }) {
  const { from, to, pages } = pageRange(page, size, total);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-2 py-3">
      <p className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400" data-testid="page-range">
        {from > to
          ? `0 of ${formatCount(total)}`
          : `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`}
      </p>
      <div className="flex items-center gap-2">
        <Step to={page > 1 ? Math.min(page - 1, pages) : null}>
          <span aria-hidden="true">←</span>&nbsp;Previous
        </Step>
        <span className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400">
          Page {formatCount(Math.min(page, pages))} of {formatCount(pages)}
        </span>
        <Step to={page < pages ? page + 1 : null}>
          Next&nbsp;<span aria-hidden="true">→</span>
        </Step>
      </div>
    </nav>
  );
}
