/**
 * The embedded database on a thread of its own: PGlite runs PostgreSQL compiled to WebAssembly, which
 * blocks the thread it runs on for every statement. Here that thread is this worker, so the server's
 * thread (HTTP, signatures, the engine) works on the other core meanwhile. `pglite-thread.ts` is the
 * other end; it gives the rest of the server the PGlite calls it uses (query, exec, transaction,
 * execProtocol, dumpDataDir, close) and this file runs them, in the order they arrive, on one PGlite:
 * its own locks order them exactly as they would in one thread.
 *
 * workerData: { dataDir, loadDataDir? }. Messages in: { id, op, args }. Messages out: { ready } or
 * { failed: error } once, then { id, value } or { id, error } per message.
 * Plain JavaScript: Node loads it as it is, under `npm start`'s bundle and under the tests alike.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** @type {{ dataDir: string, loadDataDir?: Blob }} */
const { dataDir, loadDataDir } = workerData;

/**
 * Transactions, by the id the caller gave: each one's handle once open (`opened`), and the settling of
 * the callback PGlite runs it in. The caller sends a transaction's statements right behind its `begin`,
 * without waiting for an answer in between (each answer costs a turn of the server's busy event loop):
 * they wait here for the transaction to be open, in the order they came.
 * @type {Map<number, { opened: Promise<import('@electric-sql/pglite').Transaction>, commit: () => void, abort: () => void, done: Promise<void> }>}
 */
const transactions = new Map();
const ABORTED = Symbol('aborted');

/** Value parsers arrive as type ids (functions cannot cross threads); every caller's leave text as text. */
const keepText = (/** @type {string} */ value) => value;

/** @param {{ rowMode?: 'array' | 'object', paramTypes?: number[], textTypes?: number[] } | undefined} options */
function queryOptions(options) {
  if (!options) return undefined;
  const { textTypes, ...rest } = options;
  if (!textTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((type) => [type, keepText])) };
}

/** @param {PGlite} db @param {number | undefined} txId */
async function target(db, txId) {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  return open.opened;
}

/** Opens a transaction and holds it (PGlite's lock with it) until `end`. @param {PGlite} db @param {number} id */
function begin(db, id) {
  /** @type {(tx: import('@electric-sql/pglite').Transaction) => void} */
  let open = () => {};
  /** @type {() => void} */
  let commit = () => {};
  /** @type {() => void} */
  let abort = () => {};
  const opened = new Promise((resolve) => {
    open = resolve;
  });
  const done = db
    .transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          commit = () => resolve(undefined);
          abort = () => reject(ABORTED);
          open(tx);
        }),
    )
    .then(
      () => {},
      (err) => {
        if (err !== ABORTED) throw err;
      },
    );
  // BEGIN itself may fail (the database closed): then the statements behind it fail with its error.
  const notOpened = done.then(() => {
    throw new Error('Transaction is closed');
  });
  notOpened.catch(() => {});
  done.catch(() => {});
  transactions.set(id, {
    opened: Promise.race([opened, notOpened]),
    commit: () => commit(),
    abort: () => abort(),
    done,
  });
}

/** Commits (or rolls back) and resolves once PGlite has; a failed COMMIT rejects. @param {number} txId @param {boolean} commit */
async function end(txId, commit) {
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  transactions.delete(txId);
  // Behind every statement sent before it: those wait for `opened`, so this does too.
  await open.opened.catch(() => {});
  if (commit) open.commit();
  else open.abort();
  await open.done;
}

/**
 * @param {PGlite} db
 * @param {string} op
 * @param {any[]} args
 */
async function run(db, op, args) {
  switch (op) {
    case 'query': {
      const [txId, text, params, options] = args;
      return (await target(db, txId)).query(text, params, queryOptions(options));
    }
    case 'exec': {
      const [txId, text, options] = args;
      return (await target(db, txId)).exec(text, queryOptions(options));
    }
    case 'begin':
      return begin(db, args[0]);
    case 'end':
      return end(args[0], args[1]);
    case 'execProtocol': {
      const { messages } = await db.execProtocol(args[0], args[1]);
      return { messages };
    }
    case 'dumpDataDir':
      return db.dumpDataDir(args[0]);
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`pglite-worker: unknown operation ${op}`);
  }
}

/**
 * An error as plain data: its message and its own fields (a database error's code, detail, constraint…),
 * leaving out what cannot be copied between threads.
 * @param {unknown} err
 */
function plainError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  /** @type {Record<string, unknown>} */
  const out = { message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

try {
  const db = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  port.on('message', (/** @type {{ id: number, op: string, args: any[] }} */ { id, op, args }) => {
    run(db, op, args).then(
      (value) => port.postMessage({ id, value }),
      (err) => port.postMessage({ id, error: plainError(err) }),
    );
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ failed: plainError(err) });
}
