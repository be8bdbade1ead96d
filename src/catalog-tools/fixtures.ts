import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Real catalog payloads of the reference service (fixtures/gamma, SOURCES.md says where each came from),
 * kept byte for byte as published so the importer meets their quirks as they are.
 */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const GAMMA_FIXTURES = resolve(REPO_ROOT, 'fixtures/gamma');

export const FIXTURE_FILES = {
  krakenMacron: 'events-bobaoxu2001-kraken-macron.json',
  fedNegRisk: 'events-thabris-fed-september-negrisk.json',
  nbaClosed: 'events-alfagov-nba-2890-closed.json',
} as const;

export const fixturePath = (name: keyof typeof FIXTURE_FILES): string =>
  resolve(GAMMA_FIXTURES, FIXTURE_FILES[name]);

export const fixtureText = (name: keyof typeof FIXTURE_FILES): string =>
  readFileSync(fixturePath(name), 'utf8');
