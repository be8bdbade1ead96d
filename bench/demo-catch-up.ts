/**
 * What continuing the demo's histories to now costs at a start (`npm run bench:catch-up`; prints
 * figures, is not a test).
 *
 * Seeds the default demo catalog (BENCH_EVENTS, default 3,000) once into a pristine data directory (the
 * same one `bench:demo` uses), copies it, and on the copy runs the start's catch-up
 * (`catchUpDemoHistories`) with a clock moved forward: first from the generated catalog's end to now (a
 * first start), then gaps of a minute, 20 minutes, a day and 30 days after the previous one (restarts
 * after the server was off that long). Each line is the catch-up's wall time and CPU time (this
 * process's, the embedded database included), with the series, points and markets it touched.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3_000);
const PRISTINE = `${resolve(join(root, 'data', `bench-traders-${EVENTS}`))}.seed`;
const WORK = PRISTINE.replace(/\.seed$/, '-catch-up');
const GAPS: readonly [string, number][] = [
  ['1 minute', 60],
  ['20 minutes', 20 * 60],
  ['1 day', 86_400],
  ['30 days', 30 * 86_400],
];

async function main(): Promise<void> {
  const { openConfiguredDatabase } = await import('../src/server/db/open');
  const { seedIfEmpty, catchUpDemoHistories } = await import('../src/catalog-tools/seed');
  const { loadConfig } = await import('../src/server/config');
  if (!existsSync(join(PRISTINE, 'pgdata'))) {
    console.log(`seeding ${EVENTS.toLocaleString('en')} events into ${PRISTINE}…`);
    const database = await openConfiguredDatabase(loadConfig({ DATA_DIR: PRISTINE }));
    await seedIfEmpty(database, EVENTS, () => {}).finally(() => database.close());
  }
  rmSync(WORK, { recursive: true, force: true });
  cpSync(PRISTINE, WORK, { recursive: true });
  const database = await openConfiguredDatabase(loadConfig({ DATA_DIR: WORK }));
  try {
    let now = Date.now();
    const run = async (label: string) => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      let done: object = { series: 0 };
      await catchUpDemoHistories(database, (_m, details) => (done = details), new Date(now));
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      console.log(
        `${label.padEnd(22)} ${(wall / 1000).toFixed(2).padStart(6)} s wall, ${((used.user + used.system) / 1e6).toFixed(2).padStart(6)} s CPU  ${JSON.stringify(done)}`,
      );
    };
    await run('first start (to now)');
    for (const [label, seconds] of GAPS) {
      now += seconds * 1000;
      await run(`after ${label}`);
    }
  } finally {
    await database.close();
    rmSync(WORK, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
