import { useEffect, useId, useRef, useState } from 'react';
import type { ApiCredentials } from '../../../../contract/auth-l2';
import { CopyButton } from '../../../components/copy-button';
import { WarningIcon } from './icons';
import { primaryButton, secondaryButton } from './styles';

/**
 * The one time the secret and passphrase exist outside the server: shown from component state, never
 * written anywhere. "Done" unlocks only after the person confirms they stored them.
 */
export function CredentialsPanel({
  credentials,
  onDone,
}: {
  credentials: ApiCredentials;
  onDone: () => void;
}) {
  const [stored, setStored] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const checkboxId = useId();

  // Take focus so keyboard and screen-reader users land on the warning, not behind it.
  useEffect(() => heading.current?.focus(), []);

  const rows: { label: string; value: string; copy: string }[] = [
    { label: 'API key', value: credentials.apiKey, copy: 'Copy API key' },
    { label: 'Secret', value: credentials.secret, copy: 'Copy secret' },
    { label: 'Passphrase', value: credentials.passphrase, copy: 'Copy passphrase' },
  ];

  return (
    <section
      aria-labelledby={headingId}
      data-testid="credentials-panel"
      className="rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 sm:p-5 dark:border-amber-600 dark:bg-amber-950/30 dark:text-amber-50"
    >
      <div className="flex gap-3">
        <WarningIcon className="mt-0.5 size-6 shrink-0 text-amber-600 dark:text-amber-400" />
        <div className="min-w-0">
          <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            Save your new key now
          </h3>
          <p className="mt-1 text-sm">
            The secret and passphrase are shown only this once. They are not stored in this browser and the
            server cannot show them again. If you lose them, revoke this key and create a new one.
          </p>
        </div>
      </div>
      <dl className="mt-4 space-y-3">
        {rows.map(({ label, value, copy }) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wide">{label}</dt>
            <dd className="mt-1 flex items-start gap-2">
              <code
                className="min-w-0 flex-1 break-all rounded border border-amber-300 bg-white px-2 py-1.5 font-mono text-sm text-neutral-900 dark:border-amber-800 dark:bg-neutral-950 dark:text-neutral-100"
                data-testid={`credential-${label.toLowerCase().replace(' ', '-')}`}
                translate="no"
              >
                {value}
              </code>
              <CopyButton value={value} label={copy} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={() => downloadJson(credentials)}>
          Download JSON
        </button>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-amber-300 pt-4 dark:border-amber-800">
        <div className="flex items-center gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            checked={stored}
            onChange={(e) => setStored(e.target.checked)}
            className="size-4 accent-accent-600"
          />
          <label htmlFor={checkboxId} className="text-sm font-medium">
            I have stored these safely
          </label>
        </div>
        <button type="button" className={primaryButton} disabled={!stored} onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

/** A file made in memory and handed to the browser's download; its object URL is revoked at once. */
function downloadJson(credentials: ApiCredentials): void {
  const json = `${JSON.stringify(
    { apiKey: credentials.apiKey, secret: credentials.secret, passphrase: credentials.passphrase },
    null,
    2,
  )}\n`;
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `marketdesk-api-key-${credentials.apiKey.slice(0, 8)}.json`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
