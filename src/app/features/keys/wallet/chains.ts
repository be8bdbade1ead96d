import { type Chain, defineChain } from 'viem';
import { arbitrum, base, foundry, mainnet, optimism, polygon, polygonAmoy, sepolia } from 'viem/chains';

/** Chains a person is likely to have their wallet on, so messages can name them. */
const KNOWN_CHAINS: readonly Chain[] = [
  polygon,
  polygonAmoy,
  mainnet,
  sepolia,
  base,
  optimism,
  arbitrum,
  foundry,
];

/** The chain object for `chainId`: a known one, or a minimal definition for any other id. */
export function chainFor(chainId: number): Chain {
  return (
    KNOWN_CHAINS.find((chain) => chain.id === chainId) ??
    defineChain({
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    })
  );
}

/** "Polygon (chain 137)" */
export function describeChain(chainId: number): string {
  const known = KNOWN_CHAINS.find((chain) => chain.id === chainId);
  return known ? `${known.name} (chain ${chainId})` : `chain ${chainId}`;
}
