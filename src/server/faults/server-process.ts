import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free loopback port, found by letting the OS pick one. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
}

/**
 * Starts the real server as `npm start` does (src/server/start.mjs) and waits until it answers. With
 * `fromSources`, runs the TypeScript sources through tsx instead of start.mjs's bundle: slower to start,
 * but it needs no bundle (start.mjs keeps one per checkout under node_modules).
 * `nodeArgs` go to Node before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not accept).
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  options: { fromSources?: boolean; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  let output = '';
  // tsx's own command would run the server in a child of its own, which a SIGKILL would leave running.
  const entry = options.fromSources ? ['--import', 'tsx', 'src/server/main.ts'] : ['src/server/start.mjs'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      SEED_EVENTS: '0',
      LOG_LEVEL: 'warn',
      // A test's server trades only what the test trades (the demo traders are asked for by name).
      DEMO_TRADERS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/clob/time`)).ok) return { child, url, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in time:\n${output}`);
}

export async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}
