import type { Problem } from '../problems';
import { ModalDialog } from './modal-dialog';
import { ProblemAlert } from './problem-alert';
import { dangerButton, muted, secondaryButton } from './styles';

interface RevokeDialogProps {
  apiKey: string | null;
  busy: boolean;
  problem: Problem | null;
  status: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Names the key, says what revoking does, and only then asks the wallet. */
export function RevokeDialog({ apiKey, busy, problem, status, onConfirm, onCancel }: RevokeDialogProps) {
  return (
    <ModalDialog open={apiKey !== null} title="Revoke this key?" onCancel={() => !busy && onCancel()}>
      <code
        className="block break-all rounded bg-neutral-100 px-2 py-1.5 font-mono dark:bg-neutral-800"
        translate="no"
        data-testid="revoke-key-id"
      >
        {apiKey}
      </code>
      <p className="mt-3">
        Every program using this key stops working at once. This cannot be undone. Your wallet will ask you to
        sign to confirm; it is not a transaction and costs nothing.
      </p>
      <p role="status" className={`mt-3 ${muted}`}>
        {status}
      </p>
      {problem && (
        <div className="mt-3">
          <ProblemAlert problem={problem} />
        </div>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {/* Cancel first in the DOM so it takes the dialog's initial focus: the safe choice. */}
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={dangerButton} onClick={onConfirm} disabled={busy}>
          Sign to revoke
        </button>
      </div>
    </ModalDialog>
  );
}
