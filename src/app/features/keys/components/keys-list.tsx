import { formatExact, formatRelative } from '../../../lib/format';
import { KEY_LIMIT } from '../../../lib/wallet/key-limit';
import { useNow } from '../../../lib/use-now';
import type { KeyDetails } from '../api/list-api-keys';
import { muted, secondaryButton } from './styles';

interface KeysListProps {
  apiKeys: string[];
  /** Labels and ends (session keys) of the listed keys. */
  details?: KeyDetails;
  /** Created on this page visit: marked in the list. */
  justCreated: string | null;
  busy: boolean;
  onRevoke: (apiKey: string) => void;
}

/** The address's active keys, oldest first (docs/api.md §5), with the count against the limit. */
export function KeysList({ apiKeys, details = {}, justCreated, busy, onRevoke }: KeysListProps) {
  const newest = apiKeys.at(-1);
  const now = useNow();
  return (
    <div className="space-y-3" data-testid="keys-list">
      <p className="text-sm">
        <span className="font-semibold tabular-nums" data-testid="keys-count">
          {apiKeys.length} of {KEY_LIMIT}
        </span>{' '}
        <span className={muted}>
          active keys used{apiKeys.length >= KEY_LIMIT ? ': revoke one to create another.' : '.'}
        </span>
      </p>
      {apiKeys.length === 0 ? (
        <p className={`text-sm ${muted}`}>This wallet has no active keys yet.</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-md border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {apiKeys.map((apiKey) => (
            <li key={apiKey} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
              <div className="w-full min-w-0 sm:w-auto sm:flex-1">
                {details[apiKey]?.label && (
                  <p className="text-sm font-medium wrap-anywhere">{details[apiKey].label}</p>
                )}
                <code className="block break-all font-mono text-sm" translate="no">
                  {apiKey}
                </code>
                {details[apiKey]?.expiresAt && (
                  <p className={`text-xs ${muted}`}>
                    Session key, ends{' '}
                    <time dateTime={details[apiKey].expiresAt} title={formatExact(details[apiKey].expiresAt)}>
                      {formatRelative(details[apiKey].expiresAt, now)}
                    </time>
                  </p>
                )}
              </div>
              {apiKey === justCreated ? (
                <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-900 dark:bg-accent-900 dark:text-accent-100">
                  Just created
                </span>
              ) : (
                apiKey === newest && (
                  <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
                    Newest
                  </span>
                )
              )}
              <button
                type="button"
                className={`${secondaryButton} min-h-8 px-3 py-1 text-red-700 dark:text-red-300`}
                disabled={busy}
                aria-label={`Revoke key ${apiKey}`}
                onClick={() => onRevoke(apiKey)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
