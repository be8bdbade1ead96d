/**
 * Where the dashboard finds its two interfaces, read once from the build-time env.
 * Default: the same origin that served the dashboard (docs/api.md §1 mounts /gamma and /clob there).
 */
function baseUrl(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return (trimmed ? trimmed : fallback).replace(/\/+$/, '');
}

export const config = {
  gammaUrl: baseUrl(import.meta.env.VITE_GAMMA_URL, '/gamma'),
  clobUrl: baseUrl(import.meta.env.VITE_CLOB_URL, '/clob'),
} as const;
