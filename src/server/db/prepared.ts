import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, rows } from './open';

/**
 * A fixed statement run often (the exchange writer's), prepared once per connection: PostgreSQL parses,
 * analyses and (after a few runs, generically) plans it once, rather than for every run. On PGlite each
 * run is also one protocol exchange (Bind, Execute, Sync in one message) instead of the six of a plain
 * query, each of which enters the WebAssembly module. Parameters and results are text: the caller casts
 * what it sends and reads (`$1::json`, `x::text`).
 */
export class PreparedStatement {
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  /**
   * A statement written with drizzle's `sql` (to share fragments with other queries) and `$n` in its
   * text for the parameters: the fragments must hold no parameters of their own.
   */
  static of(name: string, query: SQL): PreparedStatement {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (params.length > 0) throw new Error(`statement ${name}: a fragment holds parameters`);
    return new PreparedStatement(name, text);
  }
}

const dialect = new PgDialect();

/** A value sent as a parameter, in PostgreSQL's text form (null is SQL NULL). */
export type TextParam = string | null;
/**
 * An array parameter (`$1::text[]`, `$1::bigint[]`) in PostgreSQL's text form: every element quoted, so
 * any text is taken as it is (null is NULL). For a list joined to a table by its key, an array beats
 * JSON: the planner takes `unnest` of an array parameter for about 10 rows and looks each up by the key,
 * where it takes `json_to_recordset` for 100 and, against a table of a few thousand rows, scans and
 * hashes all of it.
 */
export function arrayParam(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/** A statement text with `$n` placeholders and its parameters, as a drizzle query (outside the writer). */
export function withParams(text: string, params: readonly TextParam[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)));
}

/**
 * Makes every statement of the transaction `tx` with parameters (prepared, or drizzle's unnamed ones)
 * use its generic plan, made once. By default PostgreSQL plans a statement whose parameters are arrays
 * anew at every run, for the arrays' lengths (its "custom" plan looks cheaper than the generic one for
 * a few elements): on PGlite that planning cost more than running the statement (in the catalog
 * follower, shaping documents 2.2 ms a run against 1.2; its history statements 542 ms of a benchmark
 * run against 76). Only for transactions whose statements look rows up by key, whatever the values.
 */
export async function planOnce(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
}

/** A result row: its columns in order, as text. */
export type TextRow = (string | null)[];

/**
 * Runs a statement whose columns are all text (cast them): prepared when `root` is given, the caller
 * being inside a transaction of it (see runPrepared), else as a plain query of `db`.
 */
export async function runStatement(
  db: Db,
  statement: PreparedStatement,
  params: TextParam[],
  root?: Db,
): Promise<TextRow[]> {
  if (root) return runPrepared(root, db, statement, params);
  const found = await rows<Record<string, string | null>>(db, withParams(statement.text, params));
  return found.map((row) => Object.values(row));
}

/**
 * Statements prepared on each PGlite instance (its one connection), with how many runs each has had
 * since. PGlite has no autovacuum, whose ANALYZE would make PostgreSQL plan a statement again: a generic
 * plan made while a table was small (a hash join over a sequential scan) would stay as the table grows.
 * So a statement is prepared again every REPLAN_EVERY runs, and planned for the tables as they are then.
 */
const preparedOn = new WeakMap<PGlite, Map<string, number>>();
const REPLAN_EVERY = 100;

interface PgClient {
  query(config: {
    name: string;
    text: string;
    values: TextParam[];
    rowMode: 'array';
    types: { getTypeParser: () => (value: string) => string };
  }): Promise<{ rows: TextRow[] }>;
}

/** Leaves every column as the text PostgreSQL sent. */
const textTypes = { getTypeParser: () => (value: string) => value };

/**
 * Runs a prepared statement inside a transaction of `root` (`tx` is that transaction's handle): on
 * PostgreSQL on the transaction's own connection, which node-postgres prepares the statement on once; on
 * PGlite on its single connection, which the transaction holds for as long as it runs.
 */
export async function runPrepared(
  root: Db,
  tx: Db,
  statement: PreparedStatement,
  params: TextParam[],
): Promise<TextRow[]> {
  const client = (root as unknown as { $client: unknown }).$client;
  if (isPglite(client)) return runOnPglite(client, statement, params);
  const session = (tx as unknown as { session?: { client?: PgClient } }).session;
  if (!session?.client) throw new Error('runPrepared: not inside a transaction of a known driver');
  const result = await session.client.query({
    name: statement.name,
    text: statement.text,
    values: params,
    rowMode: 'array',
    types: textTypes,
  });
  return result.rows;
}

function isPglite(client: unknown): client is PGlite {
  return typeof (client as PGlite | null)?.execProtocol === 'function';
}

/**
 * The extended protocol's Bind message for the unnamed portal, every parameter and result in text
 * format. PGlite's serializer measures each string's UTF-8 length in a JavaScript loop, twice; a batch's
 * write sends ~50 kB of parameters, which took it ~350 µs against ~25 µs here.
 */
export function bindMessage(statement: string, params: readonly TextParam[]): Buffer {
  const lengths = params.map((p) => (p === null ? -1 : Buffer.byteLength(p)));
  // Length, portal name (empty), statement name, parameter formats (none: all text), parameters, result
  // formats (none: all text).
  let size = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + 2;
  for (const length of lengths) size += 4 + Math.max(length, 0);
  const message = Buffer.allocUnsafe(1 + size);
  let at = message.write('B');
  at = message.writeInt32BE(size, at);
  at = message.writeUInt8(0, at);
  at += message.write(statement, at);
  at = message.writeUInt8(0, at);
  at = message.writeInt16BE(0, at);
  at = message.writeInt16BE(params.length, at);
  for (const [i, p] of params.entries()) {
    at = message.writeInt32BE(lengths[i]!, at);
    if (p !== null) at += message.write(p, at);
  }
  message.writeInt16BE(0, at);
  return message;
}

let protocol: typeof import('@electric-sql/pglite').protocol | undefined;

async function runOnPglite(
  db: PGlite,
  statement: PreparedStatement,
  params: TextParam[],
): Promise<TextRow[]> {
  protocol ??= (await import('@electric-sql/pglite')).protocol;
  const { serialize } = protocol;
  let known = preparedOn.get(db);
  if (!known) {
    known = new Map();
    preparedOn.set(db, known);
  }
  const runs = known.get(statement.name);
  const prepared = runs !== undefined && runs < REPLAN_EVERY;
  const parts: Uint8Array[] = [];
  if (!prepared) {
    // Close first: the statement may be there (planned long ago, or left by a run that failed after its
    // Parse), and closing a statement that does not exist is no error. Then Parse.
    parts.push(serialize.close({ type: 'S', name: statement.name }));
    parts.push(serialize.parse({ name: statement.name, text: statement.text }));
  }
  parts.push(bindMessage(statement.name, params));
  parts.push(serialize.execute({}));
  parts.push(serialize.sync());
  const message = Buffer.concat(parts);
  // Inside the caller's transaction: PGlite writes its files at the transaction's end, not here.
  known.delete(statement.name);
  const { messages } = await db.execProtocol(message, { syncToFs: false });
  known.set(statement.name, prepared ? runs + 1 : 1);
  const out: TextRow[] = [];
  for (const m of messages) {
    if (m.name === 'dataRow') out.push((m as unknown as { fields: TextRow }).fields);
  }
  return out;
}
