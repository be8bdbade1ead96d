import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ApiResponseError, NetworkError } from '../lib/api-client';
import { isPageCodeError } from '../lib/page-code';
import { LiveButton } from './live-button';

/** A person-readable sentence for any failure (the contract's sentence when the server gave one). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiResponseError || error instanceof NetworkError) return error.message;
  if (isPageCodeError(error))
    return 'This page could not be downloaded: the server is not answering, or the connection is down.';
  return 'Something went wrong while loading this page.';
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">Could not load this.</p>
      <p className="mt-1">{errorMessage(error)}</p>
      {onRetry && (
        <LiveButton
          onClick={onRetry}
          className="mt-3 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
        >
          Try again
        </LiveButton>
      )}
    </div>
  );
}

/**
 * A secondary part of a page that failed (the tag strip, a series' other events): one quiet line with
 * a retry, where ErrorState's box would outweigh the page it sits on.
 */
export function InlineError({
  message,
  onRetry,
  retrying,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}) {
  return (
    <p
      role="alert"
      className={`flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400 ${className}`}
    >
      {message}
      <LiveButton
        onClick={onRetry}
        disabled={retrying}
        className="rounded-md px-2 py-1 font-medium text-accent-700 underline decoration-1 underline-offset-4 hover:decoration-2 disabled:opacity-60 dark:text-accent-300"
      >
        {retrying ? 'Trying…' : 'Try again'}
      </LiveButton>
    </p>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700">
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{children}</div>}
    </div>
  );
}

/** What the not-found page names ("This event does not exist"), as a route's loader throws it. */
export interface NotFoundData {
  what?: string;
}

export function NotFound({ what = 'page' }: NotFoundData) {
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">404</p>
      <h1 id="not-found-heading" className="mt-2 text-2xl font-semibold">
        This {what} does not exist
      </h1>
      <p className="mt-2 text-neutral-600 dark:text-neutral-400">
        The link may be mistyped, or the {what} was removed from the catalog.
      </p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-md bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700"
      >
        Back to top markets
      </Link>
    </section>
  );
}
