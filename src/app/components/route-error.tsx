import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from './status-states';

/** Any page whose data failed: the reason, and a retry that refetches and re-runs the loaders. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  return (
    <div className="mx-auto max-w-xl py-10">
      <ErrorState error={error} onRetry={() => void router.invalidate()} />
    </div>
  );
}
