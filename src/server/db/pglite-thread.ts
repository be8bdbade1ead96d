import type { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { startThread } from '../threads';
import type { TextRow } from './prepared';

/**
 * The embedded database on a thread of its own (pglite-worker.ts), with the part of PGlite's interface
 * the server uses: `query`, `exec` and `transaction` (drizzle's PGlite driver takes it as its client), and
 * `protocolRows` for the writer's prepared statements (prepared.ts). PGlite runs PostgreSQL in the
 * process that loads it, on that thread: on the server's thread, it took about half of an order's CPU
 * and held every request back while it ran. Here the server's thread only sends and receives.
 */
export class PgliteThread {
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private nextTransaction = 0;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ThreadReply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ('error' in reply) waiting.reject(fromPlain(reply.error));
      else waiting.resolve(reply.result);
    });
    const stop = (err: Error) => {
      this.stopped ??= err;
      for (const waiting of this.waiting.values()) waiting.reject(this.stopped);
      this.waiting.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread on `dataDir` (or a new database from the tarball `loadDataDir`), migrated. */
  static async open(dataDir: string, loadDataDir?: Blob): Promise<PgliteThread> {
    const start: ThreadStart = {
      dataDir,
      ...(loadDataDir ? { loadDataDir: await loadDataDir.arrayBuffer() } : {}),
    };
    const worker = startThread(import.meta.url, 'pglite-worker', { workerData: start });
    let settled = () => {};
    const ready = await new Promise<{ ready: boolean; error?: Record<string, unknown> }>(
      (resolve, reject) => {
        const exited = (code: number) =>
          reject(new Error(`the database thread exited (code ${code}) while opening`));
        worker.once('message', resolve).once('error', reject).once('exit', exited);
        settled = () => worker.off('message', resolve).off('error', reject).off('exit', exited);
      },
    ).finally(() => settled());
    if (!ready.ready) {
      await worker.terminate();
      throw fromPlain(ready.error ?? {});
    }
    worker.unref();
    return new PgliteThread(worker);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.ask({ op: 'query', text, params, ...crossable(options) }) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.ask({ op: 'exec', text }) as Promise<Results[]>;
  }

  /**
   * Runs `fn` in a transaction (PGlite's, on the thread: other queries wait for it to end), committed
   * when `fn` resolves and rolled back when it throws. The thread opens it with its first statement.
   */
  async transaction<T>(fn: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextTransaction++;
    let used = false;
    let committed = false;
    const inside = (request: ThreadRequest) => {
      if (committed)
        return Promise.reject(new Error('the transaction was committed with its last statement'));
      used = true;
      return this.ask(request);
    };
    const handle: PgliteThreadTransaction = {
      query: (text, params, options) =>
        inside({ op: 'query', tx, text, params, ...crossable(options) }) as Promise<Results<never>>,
      exec: (text) => inside({ op: 'exec', tx, text }) as Promise<Results[]>,
      protocolRows: (message, options) => {
        const asked = inside({ op: 'protocol', tx, message, commit: options?.commit === true });
        if (options?.commit) committed = true;
        return asked as Promise<TextRow[]>;
      },
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (err) {
      // (After a failed commit with the last statement, the thread has nothing open: this changes nothing.)
      if (used) await this.ask({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    if (used && !committed) await this.ask({ op: 'end', tx, commit: true });
    return result;
  }

  /** The rows (text fields) of a whole extended-protocol exchange, outside any transaction. */
  protocolRows(message: Uint8Array): Promise<TextRow[]> {
    return this.ask({ op: 'protocol', message }) as Promise<TextRow[]>;
  }

  /** A tarball of the whole data directory (test templates). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.ask({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.ask({ op: 'close' });
    await this.worker.terminate();
  }

  private ask(request: ThreadRequest): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    // Referenced only while it owes answers: an idle database never keeps the process alive.
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, request });
    });
  }
}

export interface PgliteThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  /**
   * `commit`: the transaction's last statement, committed with it (one message to the thread less); the
   * rows come once the commit is done. Nothing may fail after it: the transaction cannot be undone.
   */
  protocolRows(message: Uint8Array, options?: { commit?: boolean }): Promise<TextRow[]>;
}

/** What the thread is started with. */
export interface ThreadStart {
  dataDir: string;
  loadDataDir?: ArrayBuffer;
}

/** What the server's thread asks (`tx`: inside that open transaction). */
export type ThreadRequest =
  | {
      op: 'query';
      text: string;
      params?: unknown[] | undefined;
      rowMode?: 'array' | 'object';
      textTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'protocol'; message: Uint8Array; tx?: number; commit?: boolean }
  | { op: 'dump' }
  | { op: 'close' };

export type ThreadReply = { id: number; result: unknown } | { id: number; error: Record<string, unknown> };

/**
 * Query options as data: functions cannot cross threads. The only parsers given (drizzle's) keep some
 * types' text as it is, so the thread is told which types to keep as text; any other parser is refused.
 */
function crossable(options: QueryOptions | undefined): {
  rowMode?: 'array' | 'object';
  textTypes?: number[];
} {
  if (!options) return {};
  const out: { rowMode?: 'array' | 'object'; textTypes?: number[] } = {};
  if (options.rowMode) out.rowMode = options.rowMode;
  if (options.parsers) {
    const parsers = Object.entries(options.parsers);
    if (parsers.some(([oid, parse]) => parse(PROBE, Number(oid)) !== PROBE))
      throw new Error('the database thread keeps text only: a parser that changes values cannot cross');
    out.textTypes = parsers.map(([oid]) => Number(oid));
  }
  return out;
}

const PROBE = '2000-01-01 00:00:00';

/** The thread's error as an Error again, with PostgreSQL's fields (`code`…) where callers look for them. */
function fromPlain(plain: Record<string, unknown>): Error {
  const err = new Error(String(plain.message ?? 'database error'));
  for (const [key, value] of Object.entries(plain)) {
    if (key !== 'message' && key !== 'stack') (err as unknown as Record<string, unknown>)[key] = value;
  }
  return err;
}
