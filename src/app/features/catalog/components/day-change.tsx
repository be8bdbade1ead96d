import { formatChange } from '../../../lib/format';

/**
 * A 24-hour change in points beside a price: `▲ 4.1` in green, `▼ 0.3` in red, and a sentence for
 * screen readers; the arrow and the figure carry the meaning, the colour only repeats it.
 */
export function DayChange({ points }: { points: number | null }) {
  if (points === null) return null;
  const text = formatChange(points);
  const tone =
    text === '0.0'
      ? 'text-neutral-600 dark:text-neutral-400'
      : points > 0
        ? 'text-green-700 dark:text-green-400'
        : 'text-red-700 dark:text-red-400';
  const spoken =
    text === '0.0'
      ? 'unchanged in 24 hours'
      : `${points > 0 ? 'up' : 'down'} ${text.slice(2)} points in 24 hours`;
  return (
    <span className={`shrink-0 tabular-nums ${tone}`}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">, {spoken}</span>
    </span>
  );
}
