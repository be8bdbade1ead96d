import { Badge } from '../../../components/badge';
import { CopyButton } from '../../../components/copy-button';
import type { MarketView } from '../../../lib/event-summary';
import { OutcomeBars } from './outcome-bars';

function IdLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="w-28 shrink-0 text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="min-w-0 flex-1 font-mono text-xs break-all">{value}</dd>
      <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}

/**
 * One market: its question, outcome bars, and ids in a disclosure so they do not crowd the page; `onTrade`
 * (an event's tradable markets, when it has several) shows its book and ticket.
 */
export function MarketBlock({
  view,
  closed,
  onTrade,
}: {
  view: MarketView;
  closed: boolean;
  onTrade?: (() => void) | undefined;
}) {
  const { market, decoded } = view;
  return (
    <article className="rounded-lg border border-neutral-200 p-3 sm:p-4 dark:border-neutral-800">
      <div className="mb-2 flex items-start justify-between gap-2">
        <h3 className="text-base font-medium wrap-anywhere">{market.question}</h3>
        {closed && <Badge tone="closed">Resolved</Badge>}
        {onTrade && (
          <button
            type="button"
            onClick={onTrade}
            aria-label={`Trade ${market.question}`}
            className="shrink-0 rounded-md border border-neutral-300 px-3 py-1 text-sm font-medium hover:border-accent-500 hover:text-accent-700 dark:border-neutral-700 dark:hover:text-accent-300"
          >
            Trade
          </button>
        )}
      </div>
      <OutcomeBars decoded={decoded} closed={closed} />
      <details className="mt-3 text-sm">
        <summary className="w-fit rounded text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white">
          Market details
        </summary>
        <dl className="mt-2 space-y-1.5">
          {market.conditionId && <IdLine label="Condition id" value={market.conditionId} />}
          {decoded.outcomes.map((outcome, i) =>
            outcome.tokenId ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: outcome order is fixed per market.
              <IdLine key={i} label={`Token ${outcome.label}`} value={outcome.tokenId} />
            ) : null,
          )}
        </dl>
      </details>
    </article>
  );
}
