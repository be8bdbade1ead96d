// The embedded database's own thread (pglite-thread.ts): opens PGlite, applies the migrations, and runs
// what the server's thread asks, with PGlite's own calls (its query, exec, transaction and protocol), so
// that their order and locking are PGlite's, as when it ran on the server's thread. start.mjs bundles it
// beside the server as pglite-worker.mjs.
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TextRow } from './prepared';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const port = parentPort!;
const start = workerData as ThreadStart;

/** A transaction the server's thread holds open: its handle, and how to end it. */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  ended: Promise<void>;
}

/** By the server's id: opened by the first request that names it, so that opening costs no message. */
const transactions = new Map<number, Promise<OpenTransaction>>();
const keepText = (value: string) => value;

async function openDatabase(): Promise<PGlite> {
  const client = await PGlite.create(start.dataDir, {
    extensions: { pg_trgm },
    ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
  });
  try {
    await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migrate(drizzle(client), { migrationsFolder });
    return client;
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}

/** A transaction of PGlite's, once it holds the database; it ends when the server's thread says how. */
function begin(db: PGlite): Promise<OpenTransaction> {
  return new Promise((ready, failed) => {
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const ended = db.transaction(async (tx) => {
      ready({ tx, end, ended });
      if (!(await decided)) await tx.rollback();
    });
    ended.catch(failed);
  });
}

function transaction(db: PGlite, id: number): Promise<OpenTransaction> {
  let opened = transactions.get(id);
  if (!opened) {
    opened = begin(db);
    transactions.set(id, opened);
  }
  return opened;
}

async function end(id: number, commit: boolean): Promise<void> {
  const opened = transactions.get(id);
  if (!opened) return;
  transactions.delete(id);
  const { end, ended } = await opened;
  end(commit);
  await ended;
}

/** The options PGlite takes: type parsers cannot cross threads, so the ones named keep the text. */
function queryOptions(request: { rowMode?: 'array' | 'object'; textTypes?: number[] }): QueryOptions {
  const options: QueryOptions = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  if (request.textTypes)
    options.parsers = Object.fromEntries(request.textTypes.map((oid) => [oid, keepText]));
  return options;
}

async function run(db: PGlite, request: ThreadRequest): Promise<unknown> {
  const on = async (tx: number | undefined) => (tx === undefined ? db : (await transaction(db, tx)).tx);
  switch (request.op) {
    case 'query':
      return (await on(request.tx)).query(request.text, request.params, queryOptions(request));
    case 'exec':
      return (await on(request.tx)).exec(request.text);
    case 'end':
      return end(request.tx, request.commit);
    case 'protocol': {
      // On the connection, in the caller's transaction (opened first if this is its first statement):
      // PGlite writes its files at the transaction's end, not here.
      if (request.tx !== undefined) await transaction(db, request.tx);
      const { messages } = await db.execProtocol(request.message, { syncToFs: false });
      const rows: TextRow[] = [];
      for (const m of messages) {
        if (m.name === 'dataRow') rows.push((m as unknown as { fields: TextRow }).fields);
      }
      if (request.commit && request.tx !== undefined) await end(request.tx, true);
      return rows;
    }
    case 'dump':
      return (await db.dumpDataDir('none')).arrayBuffer();
    case 'close':
      return db.close();
  }
}

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint…). */
function plainError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const plain: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
  }
  return plain;
}

try {
  const db = await openDatabase();
  port.on('message', async ({ id, request }: { id: number; request: ThreadRequest }) => {
    let reply: ThreadReply;
    try {
      reply = { id, result: await run(db, request) };
    } catch (err) {
      reply = { id, error: plainError(err) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: plainError(err) });
}
