import { type ReactNode, useEffect, useId, useRef } from 'react';

interface ModalDialogProps {
  open: boolean;
  title: string;
  /** Escape, the backdrop's close request, or a Cancel button. */
  onCancel: () => void;
  children: ReactNode;
}

/**
 * The browser's modal <dialog>: it traps focus, makes the page behind inert and closes on Escape,
 * which a hand-made overlay would have to imitate.
 */
export function ModalDialog({ open, title, onCancel, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-neutral-200 bg-white p-5 text-neutral-900 shadow-xl backdrop:bg-neutral-950/60 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
    >
      {open && (
        <>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-3 text-sm">{children}</div>
        </>
      )}
    </dialog>
  );
}
