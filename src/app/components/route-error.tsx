import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from './status-states';
import { isPageCodeError, serverAnswers } from '../lib/page-code';

/** Page code errors met while the server answered: such a page's files are from an older build. */
const failedWhileUp = new Set<string>();

/**
 * Any page whose data or code failed: the reason, and a retry that refetches and re-runs the loaders
 * (and downloads a page's code again). A page whose code fails twice while the server answers comes from
 * an older build: then only a fresh document helps.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  const retry = async () => {
    if (isPageCodeError(error) && (await serverAnswers())) {
      if (failedWhileUp.has(error.message)) return window.location.reload();
      failedWhileUp.add(error.message);
    }
    void router.invalidate();
  };
  return (
    <div className="mx-auto max-w-xl py-10">
      <ErrorState error={error} onRetry={() => void retry()} />
    </div>
  );
}
