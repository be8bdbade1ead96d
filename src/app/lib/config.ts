/**
 * The dashboard's build-time settings, read once. Its two interfaces default to the same origin that
 * served the dashboard (docs/api.md §1 mounts /gamma and /clob there). What only wallet pages need is in
 * their own config (lib/wallet/keys-config.ts), out of every catalog page's first load.
 */
function baseUrl(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return (trimmed ? trimmed : fallback).replace(/\/+$/, '');
}

export const config = {
  gammaUrl: baseUrl(import.meta.env.VITE_GAMMA_URL, '/gamma'),
  clobUrl: baseUrl(import.meta.env.VITE_CLOB_URL, '/clob'),
} as const;
