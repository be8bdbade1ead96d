import { useId } from 'react';
import {
  PAGE_SIZES,
  type ListSearch,
  SORT_FIELDS,
  STATUSES,
  type SortField,
} from '../../../../contract/list-search';

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

const selectClass =
  'h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-900';

function Field({ label, children, id }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-neutral-600 dark:text-neutral-400">
        {label}
      </label>
      {children}
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
  const id = useId();
  const dir = directionLabels(search.sort);
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <legend className="sr-only">List options</legend>
      <Field label="Sort" id={`${id}-sort`}>
        <select
          id={`${id}-sort`}
          className={selectClass}
          value={search.sort}
          onChange={(e) => onChange({ sort: e.target.value as SortField, page: 1 })}
        >
          {SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {SORT_LABELS[field]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Order" id={`${id}-dir`}>
        <select
          id={`${id}-dir`}
          className={selectClass}
          value={search.dir}
          onChange={(e) => onChange({ dir: e.target.value as ListSearch['dir'], page: 1 })}
        >
          <option value="desc">{dir.desc}</option>
          <option value="asc">{dir.asc}</option>
        </select>
      </Field>
      <Field label="Status" id={`${id}-status`}>
        <select
          id={`${id}-status`}
          className={selectClass}
          value={search.status}
          onChange={(e) => onChange({ status: e.target.value as ListSearch['status'], page: 1 })}
        >
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Per page" id={`${id}-size`}>
        <select
          id={`${id}-size`}
          className={selectClass}
          value={search.size}
          onChange={(e) => onChange({ size: Number(e.target.value) as ListSearch['size'], page: 1 })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </Field>
    </fieldset>
  );
}
