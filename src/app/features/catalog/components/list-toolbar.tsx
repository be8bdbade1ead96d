import { useId, useState } from 'react';
import {
  PAGE_SIZES,
  type ListSearch,
  SORT_FIELDS,
  STATUSES,
  type SortField,
} from '../../../../contract/list-search';
import { useEarlyInput } from '../../../lib/use-early-input';

const SORT_LABELS: Record<SortField, string> = {
  volume: 'Volume',
  volume24hr: '24 h volume',
  liquidity: 'Liquidity',
  endDate: 'End date',
};
const STATUS_LABELS = { active: 'Active', closed: 'Closed', all: 'All' } as const;

function directionLabels(sort: SortField): { desc: string; asc: string } {
  return sort === 'endDate'
    ? { desc: 'Latest first', asc: 'Soonest first' }
    : { desc: 'Highest first', asc: 'Lowest first' };
}

type Option<V> = { value: V; label: string };

const SORT_OPTIONS = SORT_FIELDS.map((field) => ({ value: field, label: SORT_LABELS[field] }));
const STATUS_OPTIONS = STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

/**
 * One labelled select; a choice made before the page hydrated takes effect once it has. It shows a
 * choice at once, before the URL has caught up: with only the URL's value, a render meanwhile would put
 * the old option back on screen, and a `change` event still to come from that same pick (as when the
 * pick itself made React hydrate the page, handing the choice over early) would then choose it again.
 */
function Choice<V extends string | number>({
  label,
  value,
  options,
  onChoose,
}: {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChoose: (value: V) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<V | null>(null);
  // Once the URL's value changes (to the choice, or by a link or Back), it is the one to show again:
  // noted while rendering (React's pattern for state that follows a prop), so no frame shows both.
  const [urlValue, setUrlValue] = useState(value);
  if (urlValue !== value) {
    setUrlValue(value);
    setChosen(null);
  }
  const choose = (raw: string) => {
    const option = options.find((o) => String(o.value) === raw);
    if (!option) return;
    setChosen(option.value);
    onChoose(option.value);
  };
  const early = useEarlyInput<HTMLSelectElement>(`choice:${label}`, String(value), choose);
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-neutral-600 dark:text-neutral-400">
        {label}
      </label>
      <select
        {...early}
        id={id}
        className="h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-900"
        value={chosen ?? value}
        onChange={(e) => choose(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Sort field and direction, status filter and page size; every change goes to the URL (and back to page 1). */
export function ListToolbar({
  search,
  onChange,
}: {
  search: ListSearch;
  onChange: (patch: Partial<ListSearch>) => void;
}) {
  const dir = directionLabels(search.sort);
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <legend className="sr-only">List options</legend>
      {search.list === 'top' && (
        <>
          <Choice
            label="Sort"
            value={search.sort}
            options={SORT_OPTIONS}
            onChoose={(sort) => onChange({ sort, page: 1 })}
          />
          <Choice
            label="Order"
            value={search.dir}
            options={[
              { value: 'desc', label: dir.desc },
              { value: 'asc', label: dir.asc },
            ]}
            onChoose={(d) => onChange({ dir: d, page: 1 })}
          />
          <Choice
            label="Status"
            value={search.status}
            options={STATUS_OPTIONS}
            onChoose={(status) => onChange({ status, page: 1 })}
          />
        </>
      )}
      <Choice
        label="Per page"
        value={search.size}
        options={SIZE_OPTIONS}
        onChoose={(size) => onChange({ size, page: 1 })}
      />
    </fieldset>
  );
}
