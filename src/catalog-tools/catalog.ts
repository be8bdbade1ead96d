import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { type Database, openConfiguredDatabase } from '../server/db/open';
import { DEFAULT_EVENTS, DEFAULT_SEED, MAX_EVENTS, startOfUtcDay } from './generate';
import { type ImportReport, importEvents } from './import';
import { formatHistoryReport, importHistories, parseHistoryText } from './import-history';
import { ImportFileError, parseImportText } from './normalize';
import { replaceWithGenerated } from './seed';
import { type SyncProgress, syncCatalog } from './sync';

const USAGE = `Usage:
  npm run catalog -- generate [--events N] [--seed S] [--now YYYY-MM-DD] [--data-dir DIR]
      Replaces the whole catalog (imported events included) with N generated demo events
      (default ${DEFAULT_EVENTS}, at most ${MAX_EVENTS}), in one transaction. The same seed
      (default "${DEFAULT_SEED}") and date (default: today, UTC) give the same catalog.
  npm run catalog -- import FILE.json [--data-dir DIR]
      Imports a JSON array of events, or a single event object (the catalog interface's shape;
      real exports with extra fields and JSON-encoded lists are accepted). Events with the same
      id are updated. If any event is invalid, nothing is imported and every problem is listed.
  npm run catalog -- import-history FILE.json [--data-dir DIR]
      Imports price histories as the reference's /prices-history answers them, with their token:
      [{"market": "<token id>", "history": [{"t": <unix s>, "p": <0..1>}, ...]}, ...] (or one).
      Each replaces that token's stored history; the tokens must be in the catalog. If any entry
      is invalid, nothing is imported and every problem is listed.
  npm run catalog -- sync --from GAMMA_URL [--clob CLOB_URL] [--data-dir DIR]
      Makes this catalog a mirror of the service at GAMMA_URL (another Marketdesk, or any service
      that speaks its catalog interface): events with their markets, tags and series, by keyset
      pages (offset pages where the source has none). Pages load one transaction at a time, so an
      interrupted sync resumes where it stopped when run again; a 429 waits for its Retry-After.
      With --clob (the source's trading base URL), the tokens' price histories follow.

The database is DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data;
--data-dir overrides it). Stop the server first when it uses the same embedded database.
Exit status: 0 done, 1 invalid input or failure, 2 bad command line.`;

class UsageError extends Error {}

interface Command {
  name: 'generate' | 'import' | 'import-history' | 'sync';
  file?: string;
  from?: string;
  clob?: string;
  events: number;
  seed: string;
  now: Date;
  dataDir?: string;
}

export function parseCommand(argv: string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  if (values.help) throw new UsageError('');
  if (name !== 'generate' && name !== 'import' && name !== 'import-history' && name !== 'sync')
    throw new UsageError(name ? `Unknown command "${name}".` : 'Missing command.');

  const dataDir = values['data-dir'];
  for (const flag of ['from', 'clob'] as const)
    if (name !== 'sync' && values[flag] !== undefined)
      throw new UsageError(`--${flag} only applies to sync.`);
  if (name === 'sync') {
    if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
    for (const flag of ['events', 'seed', 'now'] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} only applies to generate.`);
    const from = values.from;
    if (!from || !/^https?:\/\/[^\s]+$/.test(from))
      throw new UsageError(
        "sync needs --from with the source's catalog base URL, such as http://host:8080/gamma.",
      );
    const clob = values.clob;
    if (clob !== undefined && !/^https?:\/\/[^\s]+$/.test(clob))
      throw new UsageError("--clob must be the source's trading base URL, such as http://host:8080/clob.");
    return {
      name,
      from,
      ...(clob ? { clob } : {}),
      events: 0,
      seed: DEFAULT_SEED,
      now: startOfUtcDay(),
      ...(dataDir ? { dataDir } : {}),
    };
  }
  if (name === 'import' || name === 'import-history') {
    if (rest.length !== 1) throw new UsageError(`${name} takes exactly one FILE.json.`);
    for (const flag of ['events', 'seed', 'now'] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} only applies to generate.`);
    return {
      name,
      file: rest[0]!,
      events: 0,
      seed: DEFAULT_SEED,
      now: startOfUtcDay(),
      ...(dataDir ? { dataDir } : {}),
    };
  }
  if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
  const eventsText = values.events ?? String(DEFAULT_EVENTS);
  if (!/^[0-9]+$/.test(eventsText) || Number(eventsText) < 1 || Number(eventsText) > MAX_EVENTS)
    throw new UsageError(`--events must be an integer from 1 to ${MAX_EVENTS} (got "${eventsText}").`);
  let now = startOfUtcDay();
  if (values.now !== undefined) {
    now = new Date(`${values.now}T00:00:00Z`);
    // Round trip: rejects both garbage and impossible days such as 2026-02-30.
    if (Number.isNaN(now.getTime()) || now.toISOString().slice(0, 10) !== values.now)
      throw new UsageError(`--now must be a date like 2026-11-22 (got "${values.now}").`);
  }
  if (values.seed === '') throw new UsageError('--seed must not be empty.');
  return {
    name,
    events: Number(eventsText),
    seed: values.seed ?? DEFAULT_SEED,
    now,
    ...(dataDir ? { dataDir } : {}),
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      events: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      from: { type: 'string' },
      clob: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

export function formatReport(report: ImportReport, file: string): string[] {
  const lines: string[] = [];
  const who = (index: number, id: string | null) => `event #${index}${id ? ` (id ${id})` : ''}`;
  for (const w of report.warnings) lines.push(`warning: ${who(w.index, w.id)}: ${w.message}`);
  for (const m of report.merged) lines.push(`note: ${m}`);
  for (const e of report.errors)
    lines.push(`error: ${who(e.index, e.id)}: ${e.field || '(event)'}: ${e.reason}`);
  if (report.errors.length > 0) {
    const bad = new Set(report.errors.map((e) => e.index)).size;
    lines.push(
      `Nothing imported from ${file}: ${report.errors.length} error${report.errors.length === 1 ? '' : 's'} in ${bad} of ${report.total} event${report.total === 1 ? '' : 's'}. Fix them and import again.`,
    );
  } else {
    lines.push(
      `Imported ${report.imported} of ${report.total} event${report.total === 1 ? '' : 's'} from ${file}` +
        `${report.skipped ? ` (${report.skipped} skipped)` : ''}, ${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'}.`,
    );
  }
  return lines;
}

async function run(command: Command): Promise<number> {
  const config = loadConfig(command.dataDir ? { ...process.env, DATA_DIR: command.dataDir } : process.env);
  if (command.dataDir && config.DATABASE_URL)
    console.error('note: DATABASE_URL is set, so --data-dir is ignored.');
  // Read and parse the file before opening the database: a bad file fails fast and touches nothing.
  const text = command.file === undefined ? '' : await readFile(command.file, 'utf8');
  const raws = command.name === 'import' ? parseImportText(text) : [];
  const histories = command.name === 'import-history' ? parseHistoryText(text) : [];
  let database: Database | undefined;
  try {
    database = await openConfiguredDatabase(config);
    if (command.name === 'sync') return await sync(database, command.from!, command.clob);
    if (command.name === 'import-history') {
      const report = await importHistories(database.db, histories);
      const lines = formatHistoryReport(report, command.file!);
      (report.errors.length > 0 ? console.error : console.log)(lines.join('\n'));
      return report.errors.length > 0 ? 1 : 0;
    }
    if (command.name === 'import') {
      const report = await importEvents(database.db, raws);
      const lines = formatReport(report, command.file!);
      (report.errors.length > 0 ? console.error : console.log)(lines.join('\n'));
      return report.errors.length > 0 ? 1 : 0;
    }
    const step = Math.max(10_000, Math.ceil(command.events / 10 / 2000) * 2000);
    const loaded = await replaceWithGenerated(
      database.db,
      { events: command.events, seed: command.seed, now: command.now },
      (done) => {
        if (done % step === 0 && done < command.events) console.log(`  ${done} / ${command.events} events…`);
      },
    );
    console.log(
      `Catalog replaced: ${loaded.events} events, ${loaded.markets} markets generated and loaded in ` +
        `${(loaded.ms / 1000).toFixed(1)} s (seed "${command.seed}", dates around ${command.now.toISOString().slice(0, 10)}).`,
    );
    return 0;
  } finally {
    await database?.close();
  }
}

async function sync(database: Database, from: string, clob: string | undefined): Promise<number> {
  const bar = progressBar();
  // Ctrl-C stops between pages; what is loaded stays, and the next sync resumes from there.
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  const summary = await syncCatalog(database.db, {
    gamma: from,
    ...(clob ? { clob } : {}),
    onProgress: bar,
    signal: stop.signal,
  });
  process.stderr.write('\n');
  console.log(
    `${summary.complete ? 'Synced' : 'Stopped: synced'} ${summary.events.toLocaleString('en')} events` +
      `${summary.total === null ? '' : ` of ${summary.total.toLocaleString('en')}`} from ${from} ` +
      `(${summary.mode} pages${summary.resumedFrom ? `, resumed after ${summary.resumedFrom.toLocaleString('en')}` : ''}` +
      `${summary.skipped ? `, ${summary.skipped} skipped` : ''}), ${summary.tags} tags, ${summary.series} series, ` +
      `${clob ? `${summary.histories} price histories (${summary.points.toLocaleString('en')} points; ${summary.noHistory} tokens without), ` : ''}` +
      `${summary.retries} retried request${summary.retries === 1 ? '' : 's'}, in ${summary.seconds.toFixed(1)} s.` +
      `${summary.complete ? '' : ' Run the same command again to go on.'}`,
  );
  return summary.complete ? 0 : 1;
}

/** One line on stderr, rewritten in place: a bar when the source tells its total, a count otherwise. */
function progressBar(): (progress: SyncProgress) => void {
  const started = performance.now();
  return ({ events, total, histories }) => {
    const rate = Math.round(events / Math.max(0.001, (performance.now() - started) / 1000));
    const width = 30;
    const filled = total ? Math.min(width, Math.round((events / total) * width)) : 0;
    const bar = total ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` : '';
    const count = `${events.toLocaleString('en')}${total ? ` / ${total.toLocaleString('en')}` : ''} events`;
    const copied = histories === undefined ? '' : `, ${histories.toLocaleString('en')} price histories`;
    process.stderr.write(`\r  ${bar}${count}, ${rate.toLocaleString('en')}/s${copied}   `);
  };
}

async function main(): Promise<void> {
  let command: Command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) console.error(`${err.message}\n`);
    console.error(USAGE);
    process.exit(process.argv.includes('--help') || process.argv.includes('-h') ? 0 : 2);
  }
  try {
    process.exitCode = await run(command);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ImportFileError) console.error(err.message);
    else if (
      (err as NodeJS.ErrnoException).code === 'ENOENT' &&
      (err as NodeJS.ErrnoException).path === command.file
    )
      console.error(`Cannot read ${command.file}: no such file.`);
    else console.error(`The catalog command failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) void main();
