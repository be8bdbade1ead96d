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

const buttonClass =
  'inline-flex h-9 items-center rounded-md border border-neutral-300 px-3 text-sm font-medium hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-neutral-700 dark:hover:bg-neutral-800';

/** "21–40 of 1,234" with previous/next; the page number lives in the URL like every other view setting. */
export function Pagination({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { from, to, pages } = pageRange(page, size, total);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-2 py-3">
      <p className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400" data-testid="page-range">
        {from > to
          ? `0 of ${formatCount(total)}`
          : `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`}
      </p>
      <div className="flex items-center gap-2">
        <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <span aria-hidden="true">←</span>&nbsp;Previous
        </button>
        <span className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400">
          Page {formatCount(Math.min(page, pages))} of {formatCount(pages)}
        </span>
        <button
          type="button"
          className={buttonClass}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next&nbsp;<span aria-hidden="true">→</span>
        </button>
      </div>
    </nav>
  );
}
