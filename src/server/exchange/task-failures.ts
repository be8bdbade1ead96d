import { unavailableCause } from '../errors';

/** How often a background task's failure for want of the database is logged again, at most. */
export const UNAVAILABLE_LOG_EVERY_MS = 30_000;

interface Log {
  warn(details: object, message: string): void;
}

/**
 * What a failed round of a background task (run every second or so) logs: any failure in full, but one
 * for want of the database once per task every 30 s, by the driver's code and message: while the
 * database is down, three tasks a second otherwise fill the log with the same query's stack.
 */
export function taskFailureLog(log: Log, now: () => number = Date.now) {
  const quietUntil = new Map<string, number>();
  return (err: unknown, task: string) => {
    const cause = unavailableCause(err);
    if (!cause) return log.warn({ err }, `${task} failed`);
    if ((quietUntil.get(task) ?? 0) > now()) return;
    quietUntil.set(task, now() + UNAVAILABLE_LOG_EVERY_MS);
    log.warn(
      { cause },
      `${task} failed: the database cannot be reached (tried again every round; said again in 30 s at most)`,
    );
  };
}
