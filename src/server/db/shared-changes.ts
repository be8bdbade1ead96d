import { randomUUID } from 'node:crypto';
import type { ChangeSignal } from '../change-signal';

const RETRY_MS = 1_000;

export interface SharedChangesLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * Shares `signal` with every process on this PostgreSQL database (LISTEN/NOTIFY on `channel`): a change
 * emitted here reaches the others' listeners, theirs reach this one's. A connection of its own, made
 * again after a loss (a change told meanwhile is missed: the caches then keep it for their own life,
 * a few seconds). Returns the way to stop.
 */
export async function shareChanges(
  databaseUrl: string,
  channel: string,
  signal: ChangeSignal,
  log: SharedChangesLog,
): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  // Each process's own notices come back to it too: told apart by this id.
  const self = randomUUID();
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let lost = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3_000 });
    const again = (err: unknown) => {
      if (client === next) client = null;
      if (stopped) return;
      if (!lost) log.warn({ err }, 'catalog changes: lost the database connection; trying again');
      lost = true;
      clearTimeout(retry);
      retry = setTimeout(() => void connect(), RETRY_MS);
    };
    next.on('error', again);
    next.on('end', () => again(new Error('connection ended')));
    next.on('notification', (notice) => {
      if (notice.channel === channel && notice.payload !== self) signal.hear();
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
      client = next;
      if (lost) log.info('catalog changes: shared with the other processes again');
      lost = false;
    } catch (err) {
      next.end().catch(() => {});
      again(err);
    }
  };
  await connect();
  signal.relayTo(() => {
    client?.query('SELECT pg_notify($1, $2)', [channel, self]).catch(() => {});
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    signal.relayTo(null);
    await client?.end().catch(() => {});
  };
}
