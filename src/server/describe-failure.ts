/**
 * An error and its causes, for the one line a failed start prints: a failed query's own message is
 * only "Failed query: …", and why it failed (a missing relation, a refused connection) is its cause.
 */
export function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause === undefined ? err.message : `${err.message}\n(${describeFailure(err.cause)})`;
}
