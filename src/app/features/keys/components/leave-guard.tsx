import { useBlocker } from '@tanstack/react-router';
import { ModalDialog } from './modal-dialog';
import { dangerButton, secondaryButton } from './styles';

/**
 * While the one-time credentials are on screen, leaving (a link, Back, a reload or closing the tab)
 * asks first: after that they are gone for good.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: () => when,
    enableBeforeUnload: () => when,
    disabled: !when,
    withResolver: true,
  });
  return (
    <ModalDialog
      open={blocker.status === 'blocked'}
      title="Leave without saving your key?"
      onCancel={() => blocker.reset?.()}
    >
      <p>
        The secret and passphrase of your new key are shown only on this page, this once. If you leave now and
        have not stored them, you will need to revoke the key and create another.
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={() => blocker.reset?.()}>
          Stay on this page
        </button>
        <button type="button" className={dangerButton} onClick={() => blocker.proceed?.()}>
          Leave
        </button>
      </div>
    </ModalDialog>
  );
}
