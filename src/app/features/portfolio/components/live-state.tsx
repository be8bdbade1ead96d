import type { LiveStatus } from '../../../lib/live/channel';
import { muted, secondary } from './styles';

/**
 * Positions are valued at the catalog's prices, which move without any event of the user channel: the
 * Portfolio reads the account again this often while it is in view.
 */
export const PRICES_EVERY_MS = 15_000;

interface Props {
  status: LiveStatus;
  onRetry(): void;
  onRefresh(): void;
}

/**
 * The user channel's state: a quiet line while live or connecting; when the connection is down, what
 * that means for the figures and what to do.
 */
export function LiveState({ status, onRetry, onRefresh }: Props) {
  if (status === 'reconnecting')
    return (
      <div
        aria-live="polite"
        className="space-y-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950"
      >
        <p>
          <strong>Live updates are off:</strong> the connection to the server dropped, so these figures may be
          out of date. It reconnects on its own; if this lasts, check your internet connection.
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondary} onClick={onRetry}>
            Reconnect now
          </button>
          <button type="button" className={secondary} onClick={onRefresh}>
            Refresh figures
          </button>
        </div>
      </div>
    );
  if (status === 'refused')
    return <p className={`text-xs ${muted}`}>Live updates stopped: the server ended this session.</p>;
  const live = status === 'open';
  return (
    <p aria-live="polite" className={`inline-flex items-center gap-1.5 text-xs ${muted}`}>
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${live ? 'bg-green-600' : 'bg-amber-500 motion-safe:animate-pulse'}`}
      />
      {live
        ? `Live: updates as your orders fill, and prices every ${PRICES_EVERY_MS / 1000} seconds`
        : 'Connecting to live updates…'}
    </p>
  );
}
