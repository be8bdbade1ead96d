import type { ReactNode } from 'react';
import type { Problem } from '../problems';
import { ErrorIcon } from './icons';

/** A failure with its way forward; role=alert so screen readers hear it when it appears. */
export function ProblemAlert({ problem, children }: { problem: Problem; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
    >
      <ErrorIcon className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" />
      <div className="min-w-0">
        <p className="font-semibold">{problem.title}</p>
        <p className="mt-1">{problem.detail}</p>
        {problem.code && (
          <p className="mt-1 text-xs opacity-80">
            Error code: <code className="font-mono">{problem.code}</code>
          </p>
        )}
        {children && <div className="mt-3 flex flex-wrap gap-2">{children}</div>}
      </div>
    </div>
  );
}
