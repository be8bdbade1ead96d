import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { CHART_RANGES, type ChartRange } from '../../../../contract/chart-range';
import { Skeleton } from '../../../components/skeleton';
import { formatChange, formatExact, formatPercent } from '../../../lib/format';
import { priceHistoriesQueryOptions } from '../api/price-history';
import type { ChartLine } from '../chart-lines';
import { liveSources } from '../live-lines';
import type { Market } from '../../../../contract/catalog';
import { alignHistories, changePoints, describeLine, valueAt, withLiveTail } from '../line-summary';
import { useLivePrices } from '../../../lib/live/use-live';
import { PRICE_UNITS } from '../../../lib/live/figures';
import { LINE_COLOURS } from '../line-colours';
import { ChartFrame, chartHeading, PLOT_HEIGHT } from './chart-frame';
import PricePlot from './price-plot';

const RANGE_LABEL: Record<ChartRange, string> = { '1d': '1D', '1w': '1W', '1m': '1M', all: 'ALL' };
const RANGE_NAME: Record<ChartRange, string> = {
  '1d': 'one day',
  '1w': 'one week',
  '1m': 'one month',
  all: 'all time',
};

const NO_MARKETS: readonly Market[] = [];

const timeOf = (t: number) => formatExact(new Date(t * 1000).toISOString());

/**
 * The event page's chart: the leading outcomes' chance over the chosen range (kept in the URL), a
 * legend with the current value and the change over the range (a sentence for screen readers),
 * and a crosshair that follows the pointer or the arrow keys, with the exact time and values.
 */
export default function PriceHistoryPanel({
  slug,
  lines,
  range,
  markets = NO_MARKETS,
}: {
  slug: string;
  lines: ChartLine[];
  range: ChartRange;
  /** The event's markets: those the exchange trades end their lines at the live price. */
  markets?: readonly Market[];
}) {
  const tokens = useMemo(() => lines.map((l) => l.tokenId), [lines]);
  const query = useQuery({ ...priceHistoriesQueryOptions(tokens, range), placeholderData: keepPreviousData });
  // The live tail: each tradable line's price from its book, as the newest point and in the legend.
  const sources = useMemo(() => liveSources(lines, markets), [lines, markets]);
  const bookTokens = useMemo(() => sources.flatMap((s) => (s ? [s.bookToken] : [])), [sources]);
  const livePrices = useLivePrices(bookTokens, true);
  const liveValues = useMemo(
    () =>
      sources.map((source) => {
        const units = source ? livePrices.get(source.bookToken) : undefined;
        if (units === undefined) return null;
        const p = units / PRICE_UNITS;
        return source!.mirrored ? 1 - p : p;
      }),
    [sources, livePrices],
  );
  // Drawn as deferred work: an answer or a live price re-renders at once (the query cache and the live
  // books are stores), and the plot's hundreds of points would make that one long task.
  const histories = useDeferredValue(
    useMemo(
      () => (query.data ? withLiveTail(query.data, liveValues, Math.floor(Date.now() / 1000)) : undefined),
      [query.data, liveValues],
    ),
  );
  const failed = query.isError && histories === undefined;
  // Another range's points, shown while this one's load: drawn dimmed, but no change is told for them.
  const stale = query.isPlaceholderData;
  const aligned = useMemo(() => (histories ? alignHistories(histories) : null), [histories]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [announced, setAnnounced] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new data set (another range) starts without a crosshair; a live point added at the end keeps it.
  useEffect(() => setCursor(null), [query.data]);

  const points = aligned?.x.length ?? 0;
  const readoutAt = (index: number) =>
    `${timeOf(aligned!.x[index]!)}: ${lines
      .map((line, i) => `${line.label} ${formatPercent(valueAt(aligned!.ys[i]!, index))}`)
      .join(', ')}`;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!aligned || points === 0) return;
    const step = event.shiftKey ? 10 : 1;
    const from = cursor ?? points - 1;
    const moves: Record<string, number> = {
      ArrowLeft: from - step,
      ArrowRight: from + step,
      Home: 0,
      End: points - 1,
    };
    if (event.key === 'Escape') return setCursor(null);
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(points - 1, next));
    setCursor(index);
    setAnnounced(readoutAt(index));
  };

  const readout =
    aligned && points > 0 ? (
      cursor === null ? (
        <>
          Latest {timeOf(aligned.x[points - 1]!)}.
          {/* The row is one line: a phone has no room for (nor arrow keys to follow) the hint. */}
          <span className="hidden sm:inline"> Point at the chart or use the arrow keys.</span>
        </>
      ) : (
        readoutAt(cursor)
      )
    ) : null;

  return (
    <ChartFrame
      heading={chartHeading}
      controls={
        // The router marks the link of the range shown with aria-current="page".
        <nav aria-label="Chart range" className="flex shrink-0 gap-0.5 sm:gap-1">
          {CHART_RANGES.map((r) => (
            <Link
              key={r}
              to="/e/$slug"
              params={{ slug }}
              search={(prev) => ({ ...prev, range: r })}
              replace
              resetScroll={false}
              className={`relative inline-flex h-8 min-w-9 items-center justify-center rounded-md px-1.5 text-sm sm:min-w-10 sm:px-2 font-medium ${
                r === range
                  ? 'bg-accent-600 text-white'
                  : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800'
              }`}
            >
              {RANGE_LABEL[r]}
              <span className="sr-only"> ({RANGE_NAME[r]})</span>
            </Link>
          ))}
        </nav>
      }
      legend={
        <ul className="space-y-1 text-sm">
          {lines.map((line, i) => {
            const history = stale ? undefined : histories?.[i];
            const change = history ? changePoints(history) : null;
            return (
              <li key={line.tokenId} className="relative flex h-5 items-center gap-2">
                <span
                  aria-hidden="true"
                  className={`size-2.5 shrink-0 rounded-full ${LINE_COLOURS[i]!.swatch}`}
                />
                <span aria-hidden="true" className="min-w-0 flex-1 truncate" title={line.label}>
                  {line.label}
                </span>
                <span aria-hidden="true" className="font-semibold tabular-nums">
                  {formatPercent(liveValues[i] ?? line.price)}
                </span>
                <span
                  aria-hidden="true"
                  className={`w-14 text-right text-xs tabular-nums ${
                    change === null || change === 0
                      ? 'text-neutral-600 dark:text-neutral-400'
                      : change > 0
                        ? 'text-green-700 dark:text-green-400'
                        : 'text-red-700 dark:text-red-400'
                  }`}
                >
                  {change === null ? '—' : formatChange(change)}
                </span>
                <span className="sr-only">
                  {describeLine({ ...line, price: liveValues[i] ?? line.price }, history, range, failed)}
                </span>
              </li>
            );
          })}
        </ul>
      }
      readout={
        <>
          {readout}
          <span className="sr-only" aria-live="polite">
            {announced}
          </span>
        </>
      }
      plot={
        failed ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
            <p>The price history could not be loaded.</p>
            <button
              type="button"
              className="rounded-md border border-neutral-300 px-3 py-1.5 font-medium text-neutral-800 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-200 dark:hover:bg-neutral-800"
              onClick={() => void query.refetch()}
            >
              Try again
            </button>
          </div>
        ) : !aligned ? (
          <Skeleton className="h-full w-full" />
        ) : points === 0 ? (
          // Ranges count back from the latest point, so an empty answer means no history at all.
          <p className="flex h-full items-center justify-center text-sm text-neutral-600 dark:text-neutral-400">
            No price history for this market yet.
          </p>
        ) : (
          // The crosshair is a slider over the chart's points: arrow keys, Home and End move it.
          <div
            role="slider"
            tabIndex={0}
            aria-label={`Chart of ${lines.map((l) => l.label).join(', ')} over ${RANGE_NAME[range]}; arrow keys move the crosshair`}
            aria-valuemin={0}
            aria-valuemax={points - 1}
            aria-valuenow={cursor ?? points - 1}
            aria-valuetext={readoutAt(cursor ?? points - 1)}
            onKeyDown={onKeyDown}
            data-testid="price-chart"
            aria-busy={stale}
            className={`h-full rounded transition-opacity focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${stale ? 'opacity-50' : ''}`}
          >
            <PricePlot
              x={aligned.x}
              ys={aligned.ys}
              ids={tokens}
              height={PLOT_HEIGHT}
              cursor={cursor}
              onCursor={setCursor}
            />
          </div>
        )
      }
    />
  );
}
