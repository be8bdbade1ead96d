import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the thread whose module is `name`, beside the module at `besideUrl` (the caller's
 * `import.meta.url`): beside `npm start`'s bundle, the bundled `name.mjs` (start.mjs builds each thread
 * as an entry of its own); from the sources (tsx, Vitest), `name.ts` itself through tsx, which a worker
 * does not inherit from its process's `--import`.
 */
export function startThread(besideUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (!besideUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, besideUrl), options);
  const file = JSON.stringify(new URL(`./${name}.ts`, besideUrl).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${file}); })`, {
    ...options,
    eval: true,
  });
}
