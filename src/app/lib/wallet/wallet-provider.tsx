import { type ReactNode, useState } from 'react';
import { type Config, WagmiProvider } from 'wagmi';
import { keysConfig } from './keys-config';
import { type WalletConfig, createWalletConfig } from './wagmi-config';

let shared: WalletConfig | undefined;

/** Created on first visit of /keys and kept, so EIP-6963 discovery runs once per page load. */
function sharedWalletConfig(): WalletConfig {
  shared ??= createWalletConfig(keysConfig);
  return shared;
}

/**
 * wagmi for the Keys page only. It reuses the app's QueryClient (the QueryClientProvider above it),
 * which never sees a credential: key requests are plain async calls held in component state.
 */
export function WalletProvider({ children, config }: { children: ReactNode; config?: Config }) {
  const [walletConfig] = useState<Config>(() => config ?? sharedWalletConfig());
  return <WagmiProvider config={walletConfig}>{children}</WagmiProvider>;
}
