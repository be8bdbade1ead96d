import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The real catalog payloads of CONTRACT B8 live beside the repository (`../shared/fixtures/gamma`, as
 * CI clones it). Tests read them from there; a missing folder makes them fail, never skip.
 */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const GAMMA_FIXTURES = resolve(REPO_ROOT, '../shared/fixtures/gamma');

export const FIXTURE_FILES = {
  krakenMacron: 'events-bobaoxu2001-kraken-macron.json',
  fedNegRisk: 'events-thabris-fed-september-negrisk.json',
  nbaClosed: 'events-alfagov-nba-2890-closed.json',
} as const;

export const fixturePath = (name: keyof typeof FIXTURE_FILES): string =>
  resolve(GAMMA_FIXTURES, FIXTURE_FILES[name]);

export const fixtureText = (name: keyof typeof FIXTURE_FILES): string =>
  readFileSync(fixturePath(name), 'utf8');
