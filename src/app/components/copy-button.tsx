import { useEffect, useState } from 'react';
import { announce } from './live-region';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A value shown for a moment (a copy's "Copied"), then null again: what was done, said where it was done. */
export function useBrief<T>(ms: number): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [value, setValue];
}

interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name: "Copy condition id". */
  label: string;
}

/** A small button that copies `value` and confirms visibly and through the live region. */
export function CopyButton({ value, label }: CopyButtonProps) {
  const [state, setState] = useBrief<'copied' | 'failed'>(2000);

  return (
    <button
      type="button"
      aria-label={label}
      onClick={async () => {
        const ok = await copyText(value);
        setState(ok ? 'copied' : 'failed');
        announce(ok ? 'Copied' : 'Copy failed: select the text and copy it by hand.');
      }}
      className="inline-flex h-7 shrink-0 items-center rounded border border-neutral-300 px-2 text-xs font-medium text-neutral-700 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-300 dark:hover:bg-neutral-800"
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Failed' : 'Copy'}
    </button>
  );
}
