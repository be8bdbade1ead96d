import { createLazyFileRoute } from '@tanstack/react-router';
import { KeysPage } from '../features/keys/components/keys-page';
import { keysConfig } from '../lib/wallet/keys-config';
import { WalletProvider } from '../lib/wallet/wallet-provider';

// wagmi lives inside this lazy route, not at the app root: it reuses the app's QueryClient.
export const Route = createLazyFileRoute('/keys')({
  component: KeysRoute,
});

function KeysRoute() {
  return (
    <WalletProvider>
      <KeysPage chainId={keysConfig.chainId} />
    </WalletProvider>
  );
}
