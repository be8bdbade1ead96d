import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, REPO_ROOT } from './fixtures';

const cli = resolve(import.meta.dirname, 'catalog.ts');
const work = mkdtempSync(join(tmpdir(), 'marketdesk-cli-'));
const dataDir = join(work, 'data');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real command, as `npm run catalog --` runs it, on the embedded database in a temp DATA_DIR. */
function catalog(...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { cwd: REPO_ROOT, env, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run catalog', () => {
  it('explains its usage and exits with 2 on a bad command line', async () => {
    const [none, tooMany] = await Promise.all([catalog(), catalog('generate', '--events', '200001')]);
    for (const run of [none, tooMany]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Usage:');
    }
    expect(none.stderr).toContain('Missing command.');
    expect(tooMany.stderr).toContain('--events must be an integer from 1 to 200000');
  });

  it('checks its arguments before touching the database', async () => {
    const { parseCommand } = await import('./catalog');
    expect(() => parseCommand(['generate', '--events', 'ten'])).toThrow(/--events must be an integer/);
    expect(() => parseCommand(['import'])).toThrow(/exactly one FILE.json/);
    expect(() => parseCommand(['import-history'])).toThrow(/import-history takes exactly one FILE.json/);
    expect(() => parseCommand(['import', 'a.json', '--seed', 'x'])).toThrow(/only applies to generate/);
    expect(() => parseCommand(['generate', '--now', '2026-02-30'])).toThrow(/--now must be a date/);
    expect(() => parseCommand(['generate', '--bogus'])).toThrow(/bogus/);
    expect(() => parseCommand(['sync'])).toThrow(/sync needs --from/);
    expect(() => parseCommand(['sync', '--from', 'ftp://x'])).toThrow(/sync needs --from/);
    expect(() => parseCommand(['sync', '--from', 'http://x/gamma', '--events', '3'])).toThrow(
      /only applies to generate/,
    );
    expect(() => parseCommand(['import', 'a.json', '--from', 'http://x'])).toThrow(
      /--from only applies to sync/,
    );
    expect(parseCommand(['sync', '--from', 'http://127.0.0.1:8080/gamma'])).toMatchObject({
      name: 'sync',
      from: 'http://127.0.0.1:8080/gamma',
    });
    expect(parseCommand(['generate', '--events', '5', '--seed', 's', '--now', '2026-01-02'])).toMatchObject({
      name: 'generate',
      events: 5,
      seed: 's',
      now: new Date('2026-01-02T00:00:00Z'),
    });
  });

  it('generates a catalog into DATA_DIR', { timeout: 180_000 }, async () => {
    const run = await catalog('generate', '--events', '40', '--seed', 'cli', '--now', '2026-11-22');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /Catalog replaced: 40 events, [0-9]+ markets generated and loaded in [0-9.]+ s/,
    );
  });

  it('rejects an invalid file with a per-event error list, a summary and exit status 1', async () => {
    const file = join(work, 'invalid.json');
    const valid = JSON.parse(
      await import('node:fs/promises').then((fs) => fs.readFile(fixturePath('nbaClosed'), 'utf8')),
    ) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify([valid, { ...valid, id: '2891', slug: 'x', endDate: 'tomorrow' }]));
    const run = await catalog('import', file);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error: event #1 (id 2891): endDate: must be an RFC 3339 date-time');
    expect(run.stderr).toContain('Nothing imported from');
    expect(run.stderr).toContain('1 error in 1 of 2 events');
  });

  it('reports unreadable and non-JSON files', async () => {
    const garbage = join(work, 'garbage.json');
    writeFileSync(garbage, '{"id": ');
    const [missing, notJson] = await Promise.all([
      catalog('import', join(work, 'nope.json')),
      catalog('import', garbage),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain('not valid JSON');
  });

  it('imports a real export and warns about placeholder markets', async () => {
    const run = await catalog('import', fixturePath('krakenMacron'));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('warning: event #0 (id 16183): market 1642124');
    expect(run.stdout).toContain('Imported 2 of 2 events');
  });

  it('syncs from another running service, with a progress line and a summary', async () => {
    const { buildTestApp } = await import('../server/test/app');
    const { replaceWithGenerated } = await import('./seed');
    const source = await buildTestApp();
    try {
      await replaceWithGenerated(source.database.db, { events: 40, seed: 'cli-sync' });
      await source.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = source.app.server.address() as import('node:net').AddressInfo;
      const run = await catalog(
        'sync',
        '--from',
        `http://127.0.0.1:${port}/gamma`,
        '--clob',
        `http://127.0.0.1:${port}/clob`,
        '--data-dir',
        join(work, 'mirror'),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/\[#+\] 40 \/ 40 events/);
      expect(run.stdout).toMatch(
        /^Synced 40 events of 40 from http:\/\/127\.0\.0\.1:\d+\/gamma \(keyset pages\), \d+ tags, \d+ series, \d+ price histories \([\d,]+ points; \d+ tokens without\), 0 retried requests/m,
      );
    } finally {
      await source.close();
    }
  });

  it('imports price histories for the catalog’s tokens, all or nothing', { timeout: 60_000 }, async () => {
    const kraken = JSON.parse(
      await import('node:fs/promises').then((fs) => fs.readFile(fixturePath('krakenMacron'), 'utf8')),
    ) as { markets: { clobTokenIds: string }[] }[];
    const token = (JSON.parse(kraken[0]!.markets[0]!.clobTokenIds) as string[])[0]!;
    const good = {
      market: token,
      history: [
        { t: 1_786_258_812, p: 0.1815 },
        { t: 1_786_262_412, p: 0.19 },
      ],
    };
    const bad = join(work, 'bad-history.json');
    writeFileSync(bad, JSON.stringify([good, { market: '12345', history: good.history }]));
    const refused = await catalog('import-history', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: entry #1 (market 12345): market: is not an outcome token of the catalog',
    );
    expect(refused.stderr).toContain('Nothing imported from');
    const file = join(work, 'history.json');
    writeFileSync(file, JSON.stringify(good));
    const run = await catalog('import-history', file);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Imported 1 price history (2 points) from');
  });
});
