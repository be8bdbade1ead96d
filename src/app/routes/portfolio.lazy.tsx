import { createLazyFileRoute } from '@tanstack/react-router';
import { PortfolioPage } from '../features/portfolio/components/portfolio-page';
import { WalletProvider } from '../lib/wallet/wallet-provider';

export const Route = createLazyFileRoute('/portfolio')({
  component: () => (
    <WalletProvider>
      <PortfolioPage />
    </WalletProvider>
  ),
});
