import { DEFAULT_L1_DOMAIN_NAME } from '../../contract/auth';

/**
 * The dashboard's build-time settings, read once. Its two interfaces default to the same origin that
 * served the dashboard (docs/api.md §1 mounts /gamma and /clob there). The L1 domain name must be the
 * server's L1_DOMAIN_NAME (docs/api.md §2; default on both sides: the reference clients' name).
 */
function baseUrl(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return (trimmed ? trimmed : fallback).replace(/\/+$/, '');
}

export const config = {
  gammaUrl: baseUrl(import.meta.env.VITE_GAMMA_URL, '/gamma'),
  clobUrl: baseUrl(import.meta.env.VITE_CLOB_URL, '/clob'),
  l1DomainName: import.meta.env.VITE_L1_DOMAIN_NAME?.trim() || DEFAULT_L1_DOMAIN_NAME,
} as const;
