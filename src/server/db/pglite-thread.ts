import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/**
 * The embedded database, run on a worker thread (`pglite-worker.mjs`): the calls of PGlite's that
 * drizzle and the server make, each sent to the worker and answered from it. PostgreSQL in WebAssembly
 * blocks its thread for every statement; on the server's own thread that was ~60% of an order's cost,
 * during which no request could be read, no signature checked. Calls keep their order and meaning: the
 * worker runs them on one PGlite as they arrive, so its locks serialise them as before.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #nextCall = 1;
  #nextTransaction = 1;
  /** Set once the worker is gone (closed, or failed): every later call rejects with it. */
  #gone: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: { id: number; value?: unknown; error?: PlainError }) => {
      const call = this.#pending.get(message.id);
      if (!call) return;
      this.#settled(message.id);
      if (message.error) call.reject(toError(message.error));
      else call.resolve(message.value);
    });
    worker.on('error', (err) => this.#fail(err));
    worker.on('exit', () => this.#fail(new Error('PGlite is closed')));
  }

  /** Starts the worker and opens the database in it; rejects with PGlite's own error if it cannot. */
  static async open(dataDir: string, loadDataDir?: Blob): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, loadDataDir },
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new Error(`The database thread exited (${code}) before opening`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: { ready?: true; failed?: PlainError }) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.ready) resolve();
        else reject(toError(message.failed ?? { message: 'The database thread did not open' }));
      });
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    // No call waiting, nothing to keep the process alive for (see #call).
    worker.unref();
    return new PgliteThread(worker);
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call('query', [undefined, text, params, portable(options)]);
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#call('exec', [undefined, text, portable(options)]);
  }

  /** PGlite's transaction: `fn` gets a handle whose statements run inside it; commits if `fn` resolves. */
  async transaction<T>(fn: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    // Not awaited: the first statement follows at once, and the worker keeps them in order. If BEGIN
    // fails, so do the statements behind it, and `end` with them.
    const txId = this.#nextTransaction++;
    this.#call('begin', [txId]).catch(() => {});
    const tx = new PgliteThreadTransaction(this, txId);
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      tx.closed = true;
      await this.#call('end', [txId, false]).catch(() => {});
      throw err;
    }
    tx.closed = true;
    await this.#call('end', [txId, true]);
    return result;
  }

  /** One raw protocol message (prepared statements, see prepared.ts); its parsed backend messages. */
  execProtocol(
    message: Uint8Array,
    options: { syncToFs?: boolean },
  ): Promise<{ messages: { name: string }[] }> {
    return this.#call('execProtocol', [message, options]);
  }

  dumpDataDir(compression?: Parameters<PGlite['dumpDataDir']>[0]): Promise<Blob> {
    return this.#call('dumpDataDir', [compression]);
  }

  async close(): Promise<void> {
    if (this.#gone) return;
    await this.#call('close', []);
    this.#gone = new Error('PGlite is closed');
    await this.#worker.terminate();
  }

  /** @internal a statement of an open transaction */
  inTransaction<T>(op: 'query' | 'exec', txId: number, args: unknown[]): Promise<T> {
    return this.#call(op, [txId, ...args]);
  }

  #call<T>(op: string, args: unknown[]): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextCall++;
    // The worker keeps the process alive only while a call waits on it: a command-line tool awaiting
    // its last query must not exit, and a server closing must not hang on an idle thread.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, op, args });
    });
  }

  #settled(id: number) {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #fail(err: Error) {
    this.#gone ??= err;
    for (const [id, call] of this.#pending) {
      this.#settled(id);
      call.reject(this.#gone);
    }
  }
}

/** The handle a transaction's callback gets: PGlite's `Transaction`, as far as drizzle uses it. */
export class PgliteThreadTransaction {
  closed = false;

  constructor(
    private readonly thread: PgliteThread,
    private readonly id: number,
  ) {}

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#run('query', [text, params, portable(options)]);
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#run('exec', [text, portable(options)]);
  }

  #run<T>(op: 'query' | 'exec', args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new Error('Transaction is closed'));
    return this.thread.inTransaction(op, this.id, args);
  }
}

/**
 * Query options as data. Value parsers are functions, which cannot cross threads; the only ones given
 * (drizzle's) leave dates, timestamps and intervals as PostgreSQL's text, so their type ids are sent and
 * the worker leaves those types as text.
 */
function portable(options: QueryOptions | undefined) {
  if (!options) return undefined;
  const { parsers, rowMode, paramTypes } = options;
  for (const [type, parse] of Object.entries(parsers ?? {})) {
    if (parse('1', Number(type)) !== '1')
      throw new Error(`A value parser for type ${type} cannot run on the database thread`);
  }
  return {
    ...(rowMode ? { rowMode } : {}),
    ...(paramTypes ? { paramTypes } : {}),
    ...(parsers ? { textTypes: Object.keys(parsers).map(Number) } : {}),
  };
}

interface PlainError {
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/** The worker's error again, with its fields (a database error's code, constraint…) where callers look. */
function toError({ message, stack, ...fields }: PlainError): Error {
  const err = Object.assign(new Error(message), fields);
  if (stack) err.stack = stack;
  return err;
}
