import { DEFAULT_CHAIN_ID, DEFAULT_L1_DOMAIN_NAME } from '../../../contract/auth';

/**
 * The Keys page's build-time settings, read once. The L1 domain's chainId must match the server's
 * CHAIN_ID (default 80002, the reference's test network, on both sides); WalletConnect stays off unless a project id is given, since it
 * needs a relay on the network. The L1 domain name must be the server's L1_DOMAIN_NAME (docs/api.md §2;
 * default on both sides: the reference clients' name).
 */
function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value?.trim());
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export const keysConfig = {
  chainId: positiveInt(import.meta.env.VITE_CHAIN_ID, DEFAULT_CHAIN_ID),
  l1DomainName: import.meta.env.VITE_L1_DOMAIN_NAME?.trim() || DEFAULT_L1_DOMAIN_NAME,
  walletConnectProjectId: import.meta.env.VITE_WALLETCONNECT_PROJECT_ID?.trim() || undefined,
} as const;
