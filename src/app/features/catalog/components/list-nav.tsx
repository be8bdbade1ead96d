import { Link } from '@tanstack/react-router';
import { PRESET_ABOUT, PRESET_LABELS } from '../../../../contract/list-preset-labels';
import { LIST_PRESETS } from '../../../../contract/list-presets';
import type { ListKind, ListSearch } from '../../../../contract/list-search';

const LISTS = ['top', ...LIST_PRESETS] as const;
const LABELS: Record<ListKind, string> = { top: 'Top', ...PRESET_LABELS };
const ABOUT: Record<ListKind, string> = { top: 'Sorted and filtered as you choose', ...PRESET_ABOUT };

/**
 * The lists people browse by, as links (each its own shareable URL, `?list=movers`): choosing one keeps
 * the search and page size and starts at its first page.
 */
export function ListNav({ current }: { current: ListKind }) {
  return (
    <nav aria-label="Lists" className="relative -mx-1 overflow-x-auto px-1 [scrollbar-width:none]">
      <ul className="flex gap-1 whitespace-nowrap">
        {LISTS.map((list) => (
          <li key={list}>
            <Link
              to="."
              search={((prev: ListSearch) => ({ list, q: prev.q, size: prev.size })) as never}
              title={ABOUT[list]}
              aria-current={list === current ? 'page' : undefined}
              className={`inline-flex h-8 items-center rounded-full px-3 text-sm font-medium ${
                list === current
                  ? 'bg-neutral-900 text-white dark:bg-white dark:text-neutral-900'
                  : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800'
              }`}
            >
              {LABELS[list]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What the current list is, in a few words. */
export const listAbout = (list: ListKind) => ABOUT[list];
