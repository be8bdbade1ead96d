import type { ReactNode } from 'react';

const TONES = {
  neutral:
    'bg-neutral-100 text-neutral-700 ring-neutral-300 dark:bg-neutral-800 dark:text-neutral-200 dark:ring-neutral-700',
  closed:
    'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-800',
  open: 'bg-emerald-50 text-emerald-900 ring-emerald-300 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-800',
} as const;

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Badges for an event's state; none for the ordinary open-and-active case unless `showOpen`. */
export function StatusBadges({
  active,
  closed,
  showOpen = false,
}: {
  active: boolean;
  closed: boolean;
  showOpen?: boolean;
}) {
  return (
    <>
      {closed && <Badge tone="closed">Closed</Badge>}
      {!active && <Badge>Inactive</Badge>}
      {showOpen && active && !closed && <Badge tone="open">Open</Badge>}
    </>
  );
}
