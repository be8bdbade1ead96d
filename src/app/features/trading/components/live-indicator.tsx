import { useLiveStatus } from '../../../lib/live/use-live';

const LABEL = {
  idle: null,
  connecting: 'Connecting',
  open: 'Live',
  reconnecting: 'Reconnecting',
  refused: 'Disconnected',
} as const;

/** A quiet dot and word for the live connection: green when live, amber while (re)connecting. */
export function LiveIndicator() {
  const status = useLiveStatus();
  const label = LABEL[status];
  if (!label) return null;
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400"
      title={status === 'open' ? 'Updates as orders and trades happen' : 'Waiting for the live connection'}
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${status === 'open' ? 'bg-green-600' : 'bg-amber-500 motion-safe:animate-pulse'}`}
      />
      {label}
    </span>
  );
}
