import type { DecodedMarket } from '../../../lib/decode-market';
import { formatPercent } from '../../../lib/format';

/**
 * What the first outcome is, in words for screen readers (the bar and the weight say it to the eye): it
 * leads an open market; a closed one was won by it when it ended at 100%, else it was highest at the close.
 */
function firstIs(closed: boolean, price: number | null): string {
  if (!closed) return 'leading';
  return price !== null && price >= 0.995 ? 'won' : 'highest at the close';
}

/** Every outcome as a bar as long as its probability, leading first and emphasised; text carries the figure. */
export function OutcomeBars({ decoded, closed = false }: { decoded: DecodedMarket; closed?: boolean }) {
  if (decoded.outcomes.length === 0) {
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Outcomes unavailable for this market.</p>
    );
  }
  return (
    <div>
      {!decoded.hasPrices && (
        <p className="mb-1 text-sm text-neutral-600 dark:text-neutral-400">
          Prices unavailable for this market.
        </p>
      )}
      <ul className="space-y-1.5">
        {decoded.ranked.map((outcome, i) => {
          const leading = decoded.hasPrices && i === 0;
          const percent = outcome.price === null ? 0 : Math.max(0, Math.min(100, outcome.price * 100));
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the order is fixed per market.
              key={`${outcome.label}-${i}`}
              className="grid grid-cols-[minmax(4rem,10rem)_1fr_4rem] items-center gap-2 text-sm"
            >
              <span className={`truncate ${leading ? 'font-semibold' : ''}`} title={outcome.label}>
                {outcome.label}
                {leading && <span className="sr-only"> ({firstIs(closed, outcome.price)})</span>}
              </span>
              {/* An SVG bar: its length is an attribute, not a style, which the CSP refuses in server-rendered HTML. */}
              <svg
                aria-hidden="true"
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                className="block h-2.5 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
              >
                <rect
                  width={percent}
                  height="10"
                  className={
                    leading
                      ? 'fill-accent-600 dark:fill-accent-400'
                      : 'fill-neutral-400 dark:fill-neutral-600'
                  }
                />
              </svg>
              <span className={`text-right tabular-nums ${leading ? 'font-semibold' : ''}`}>
                {formatPercent(outcome.price)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
