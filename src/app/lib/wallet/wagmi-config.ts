import type { Chain } from 'viem';
import { type CreateConnectorFn, type Storage, createConfig, custom, injected } from 'wagmi';
// The connector's own entry: the wagmi/connectors index also loads Node-only wallet code into the build.
import { walletConnect } from 'wagmi/connectors/walletConnect';
import { chainFor } from './chains';

export interface WalletConfigOptions {
  chainId: number;
  walletConnectProjectId?: string | undefined;
  /**
   * The key chain's definition (default: chainFor(chainId), which has no RPC endpoint since the page
   * never reads a chain). Tests give wagmi's `mock` connector one with an endpoint to sign through.
   */
  chain?: Chain;
  /** Tests pass wagmi's `mock` connector here. Default: the plain injected provider (+ WalletConnect). */
  connectors?: CreateConnectorFn[];
  /** EIP-6963: every wallet the browser announces becomes its own connector (default on). */
  multiInjectedProviderDiscovery?: boolean;
  /**
   * Where wagmi remembers the last connection (so a reload reconnects): default localStorage. It holds
   * the address and connector id only; nothing of a key ever goes there.
   */
  storage?: Storage | null;
}

/**
 * The page only asks the wallet to sign typed data; it never reads the chain. So the chain transport
 * refuses every call instead of silently talking to a public RPC node (nothing to allow in the CSP).
 */
const noChainReads = custom({
  async request({ method }: { method: string }) {
    throw new Error(`The Keys page makes no chain requests (${method}).`);
  },
});

/** The one wagmi config of the Keys page (docs/architecture.md: wallet code only under features/keys). */
export function createWalletConfig(options: WalletConfigOptions) {
  const chain = options.chain ?? chainFor(options.chainId);
  const connectors = options.connectors ?? [
    injected(),
    ...(options.walletConnectProjectId
      ? [
          walletConnect({
            projectId: options.walletConnectProjectId,
            showQrModal: true,
            metadata: {
              name: 'Marketdesk',
              description: 'Manage your trading API keys',
              url: window.location.origin,
              icons: [],
            },
          }),
        ]
      : []),
  ];
  return createConfig({
    chains: [chain],
    connectors,
    multiInjectedProviderDiscovery: options.multiInjectedProviderDiscovery ?? true,
    transports: { [chain.id]: noChainReads },
    ...(options.storage !== undefined ? { storage: options.storage } : {}),
  });
}

export type WalletConfig = ReturnType<typeof createWalletConfig>;
