/** The header row of the book's and the tape's tables: the first column left-aligned, figures right. */
export function ColumnHeads({ names }: { names: string[] }) {
  return (
    <thead>
      <tr className="text-xs text-neutral-600 dark:text-neutral-400">
        {names.map((name, i) => (
          <th
            key={name}
            scope="col"
            className={`px-2 pb-1 font-medium ${i === 0 ? 'text-left' : 'text-right'}`}
          >
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
