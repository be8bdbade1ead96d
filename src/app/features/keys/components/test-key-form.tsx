import { useId, useState } from 'react';
import type { ApiCredentials } from '../../../../contract/auth-l2';
import { announce } from '../../../components/live-region';
import {
  type CredentialField,
  type CredentialProblems,
  checkPastedCredentials,
  testApiKey,
} from '../api/test-api-key';
import { type Problem, describeProblem } from '../problems';
import { type ServerClock, withServerTime } from '../../../lib/wallet/server-clock';
import { CheckIcon } from './icons';
import { ProblemAlert } from './problem-alert';
import { inputField, muted, primaryButton, secondaryButton } from './styles';

const EMPTY: ApiCredentials = { apiKey: '', secret: '', passphrase: '' };

/** `hidden`: drawn as dots unless shown (someone may be looking at the screen or recording it). */
const FIELDS: { name: CredentialField; label: string; hidden: boolean }[] = [
  { name: 'apiKey', label: 'API key', hidden: false },
  { name: 'secret', label: 'Secret', hidden: true },
  { name: 'passphrase', label: 'Passphrase', hidden: true },
];

interface TestKeyFormProps {
  clock: ServerClock;
  chainId: number;
  /** The key created on this visit, while its panel is open. */
  justCreated: ApiCredentials | null;
}

type Outcome = { ok: true; count: number } | { ok: false; problem: Problem } | null;

/**
 * Level 2 check of any key: signs GET /api-keys with the secret right here (WebCrypto HMAC). The
 * pasted values live in this component's state only: no storage, no URL, no query cache.
 */
export function TestKeyForm({ clock, chainId, justCreated }: TestKeyFormProps) {
  const [values, setValues] = useState<ApiCredentials>(EMPTY);
  const [problems, setProblems] = useState<CredentialProblems>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [testing, setTesting] = useState(false);
  const [shown, setShown] = useState<Partial<Record<CredentialField, boolean>>>({});
  const id = useId();

  async function runTest() {
    setOutcome(null);
    const checked = checkPastedCredentials(values);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setTesting(true);
    try {
      // L2 allows 60 s either way: a refused time is corrected from the server's answer, once.
      const apiKeys = await withServerTime(clock, (serverNow) => testApiKey(checked.credentials, serverNow));
      setOutcome({ ok: true, count: apiKeys.length });
      announce('The key works.');
    } catch (error) {
      setOutcome({
        ok: false,
        problem: describeProblem(error, { doing: 'test the key', chainId, level2: true }),
      });
    } finally {
      setTesting(false);
    }
  }

  return (
    <form
      autoComplete="off"
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void runTest();
      }}
    >
      {FIELDS.map(({ name, label, hidden }) => {
        const problem = problems[name];
        const masked = hidden && !shown[name];
        const input = (
          <input
            id={`${id}-${name}`}
            name={`test-${name}`}
            type={masked ? 'password' : 'text'}
            value={values[name]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [name]: e.target.value }));
              // A verdict about other values would mislead.
              setOutcome(null);
            }}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            translate="no"
            data-1p-ignore
            data-lpignore="true"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-${name}-problem` : undefined}
            className={inputField}
          />
        );
        return (
          <div key={name}>
            <label htmlFor={`${id}-${name}`} className="block text-sm font-medium">
              {label}
            </label>
            {hidden ? (
              <div className="mt-1 flex gap-2">
                {input}
                <button
                  type="button"
                  className={`${secondaryButton} shrink-0`}
                  aria-controls={`${id}-${name}`}
                  aria-label={`${masked ? 'Show' : 'Hide'} ${label.toLowerCase()}`}
                  onClick={() => setShown((s) => ({ ...s, [name]: !s[name] }))}
                >
                  {masked ? 'Show' : 'Hide'}
                </button>
              </div>
            ) : (
              <div className="mt-1">{input}</div>
            )}
            {problem && (
              <p id={`${id}-${name}-problem`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                {problem}
              </p>
            )}
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={testing}>
          {testing ? 'Testing…' : 'Test this key'}
        </button>
        {justCreated && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setValues({ ...justCreated });
              setProblems({});
              setOutcome(null);
            }}
          >
            Use the key just created
          </button>
        )}
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setValues(EMPTY);
            setProblems({});
            setOutcome(null);
            setShown({});
          }}
        >
          Clear
        </button>
      </div>
      <div aria-live="polite">
        {outcome?.ok && (
          <p
            className="flex gap-2 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-100"
            data-testid="test-key-success"
          >
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-300" />
            <span>
              <strong className="font-semibold">This key works.</strong> The server accepted a request signed
              with it; its address has {outcome.count} active key{outcome.count === 1 ? '' : 's'}.
            </span>
          </p>
        )}
      </div>
      {outcome && !outcome.ok && <ProblemAlert problem={outcome.problem} />}
      <p className={`text-xs ${muted}`}>
        The values stay in this page’s memory only and are forgotten when you leave or reload.
      </p>
    </form>
  );
}
