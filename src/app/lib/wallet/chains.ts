import { type Chain, defineChain } from 'viem';

/**
 * Chains a person is likely to have their wallet on, so messages can name them. Only id, name and
 * currency: the page never talks to a chain (see wagmi-config), and viem's chains index would also
 * bring Node-only code into the browser build.
 */
const KNOWN: readonly [id: number, name: string, currency: string][] = [
  [137, 'Polygon', 'POL'],
  [80002, 'Polygon Amoy', 'POL'],
  [1, 'Ethereum', 'ETH'],
  [11155111, 'Sepolia', 'ETH'],
  [8453, 'Base', 'ETH'],
  [10, 'OP Mainnet', 'ETH'],
  [42161, 'Arbitrum One', 'ETH'],
  [31337, 'Foundry', 'ETH'],
];

const minimalChain = (id: number, name: string, symbol: string): Chain =>
  defineChain({
    id,
    name,
    nativeCurrency: { name: symbol, symbol, decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });

const KNOWN_CHAINS: readonly Chain[] = KNOWN.map(([id, name, symbol]) => minimalChain(id, name, symbol));

/** The chain object for `chainId`: a known one, or a minimal definition for any other id. */
export function chainFor(chainId: number): Chain {
  return (
    KNOWN_CHAINS.find((chain) => chain.id === chainId) ?? minimalChain(chainId, `Chain ${chainId}`, 'ETH')
  );
}

/** "Polygon (chain 137)" */
export function describeChain(chainId: number): string {
  const known = KNOWN_CHAINS.find((chain) => chain.id === chainId);
  return known ? `${known.name} (chain ${chainId})` : `chain ${chainId}`;
}
