import { ensureTemplate } from './pglite-template';

/** Builds the PGlite template once, before the test files run in parallel. */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensureTemplate();
}
