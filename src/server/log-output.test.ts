import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createLogger, logOptions, serviceUrls, startLine } from './log-output';

const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/nonexistent', ...env });

describe('startLine', () => {
  it('names the dashboard and both API base URLs', () => {
    expect(startLine(configOf({}))).toBe(
      'Marketdesk: starting · dashboard http://127.0.0.1:8080/ · catalog API http://127.0.0.1:8080/gamma · trading API http://127.0.0.1:8080/clob',
    );
  });

  it('follows PUBLIC_URL, the mounts and which parts run; an all-interfaces host is shown as localhost', () => {
    expect(
      serviceUrls(configOf({ PUBLIC_URL: 'https://m.example.com', GAMMA_BASE: '/g', SERVE_CLOB: 'false' })),
    ).toEqual({
      dashboard: 'https://m.example.com/',
      catalog: 'https://m.example.com/g',
      trading: undefined,
    });
    expect(startLine(configOf({ HOST: '0.0.0.0', PORT: '9000', SERVE_WEB: 'false' }))).toBe(
      'Marketdesk: starting · catalog API http://localhost:9000/gamma · trading API http://localhost:9000/clob',
    );
    expect(serviceUrls(configOf({ HOST: '::1' })).catalog).toBe('http://[::1]:8080/gamma');
  });
});

describe('logOptions', () => {
  const sink = (lines: string[]) =>
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });

  it('writes one readable line per record at a terminal, credentials redacted', () => {
    const lines: string[] = [];
    createLogger(logOptions('info', { readable: true, destination: sink(lines) })).info(
      { req: { headers: { svc_passphrase: 'p4ss' } } },
      'hello there',
    );
    const out = lines.join('');
    expect(out).toMatch(/INFO.*hello there/);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(out).not.toContain('p4ss');
    expect(out.trimStart().startsWith('{')).toBe(false);
  });

  it('writes JSON lines otherwise, credentials redacted', () => {
    const lines: string[] = [];
    const options = logOptions('info', { readable: false });
    expect(options.stream).toBeUndefined();
    createLogger({ ...options, stream: sink(lines) }).info({ req: { headers: { svc_api_key: 'k' } } }, 'hi');
    const record = JSON.parse(lines[0] ?? '');
    expect(record).toMatchObject({ msg: 'hi', level: 30 });
    expect(record.req.headers.svc_api_key).toBe('[Redacted]');
  });
});

/** `npm start`'s first line, as a person at a terminal and a log collector see it. */
describe('the first line of a start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'first-line-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The first line the start prints that matches (any line: the first one). */
  const firstLine = (command: string, args: string[], wanted = /./) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(command, args, {
        env: {
          ...process.env,
          DATA_DIR: dir,
          PORT: '0',
          SERVE_WEB: 'false',
          SEED_EVENTS: '0',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const complete = out.split(/\r?\n/).slice(0, -1);
        const line = complete.find((l) => l.trim() !== '' && wanted.test(l));
        if (line !== undefined) {
          child.kill('SIGKILL');
          resolve(line);
        }
      });
      child.on('error', reject);
      child.on('exit', () => resolve(out));
    });

  it('is a plain sentence at a terminal', async () => {
    // `script` gives the server a pseudo-terminal as stdout, as a person running `npm start` has.
    const line = await firstLine('script', [
      '-qfec',
      `${process.execPath} src/server/start.mjs`,
      '/dev/null',
    ]);
    expect(line).toMatch(/^Marketdesk: starting · catalog API http:\/\/127\.0\.0\.1:0\/gamma · trading API /);
  }, 60_000);

  it('is followed, once requests are taken, by a ready line with the port it listens on', async () => {
    const line = await firstLine(
      'script',
      ['-qfec', `${process.execPath} src/server/start.mjs`, '/dev/null'],
      /ready/,
    );
    const port = Number(/^Marketdesk: ready at http:\/\/127\.0\.0\.1:(\d+)\/gamma\s*$/.exec(line)?.[1]);
    expect(port).toBeGreaterThan(0);
  }, 60_000);

  it('is a JSON record carrying the URLs when stdout is not a terminal', async () => {
    const line = await firstLine(process.execPath, ['src/server/start.mjs']);
    expect(JSON.parse(line)).toMatchObject({
      msg: expect.stringMatching(/^Marketdesk: starting · catalog API /),
      catalog: 'http://127.0.0.1:0/gamma',
    });
  }, 60_000);
});
