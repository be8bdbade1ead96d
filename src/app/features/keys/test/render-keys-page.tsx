import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Link,
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { Chain } from 'viem';
import { mainnet, polygonAmoy } from 'viem/chains';
import { vi } from 'vitest';
import { type Config, createConfig, custom, mock } from 'wagmi';
import { LiveRegion } from '../../../components/live-region';
import { KeysPage } from '../components/keys-page';
import { createWalletConfig } from '../../../lib/wallet/wagmi-config';
import { WalletProvider } from '../../../lib/wallet/wallet-provider';
import { keysConfig } from '../../../lib/wallet/keys-config';
import { FakeClob } from './fake-clob';

// jsdom has no modal dialogs; the page uses the browser's <dialog>.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

export interface RenderOptions {
  /** Chains the mock wallet knows, the first being the one it starts on. Default: the key chain only. */
  walletChains?: [Chain, ...Chain[]];
  /** No connector at all: a browser without a wallet. */
  noWallet?: boolean;
}

/**
 * The chain keys are signed for: the page's default (VITE_CHAIN_ID unset), with viem's definition of
 * it, whose RPC endpoint wagmi's mock connector needs to sign through (nothing is ever sent to it).
 */
const keyChain = polygonAmoy;
if (keysConfig.chainId !== keyChain.id) {
  throw new Error(
    `The Keys page's default chain is ${keysConfig.chainId}; these tests expect ${keyChain.id}.`,
  );
}

const unusedTransport = custom({
  async request() {
    throw new Error('no chain reads in tests');
  },
});

/**
 * The Keys page inside a memory router (with a /tags page to leave to), the app's QueryClient, a
 * wagmi config around wagmi's `mock` connector, and `fetch` answered by a FakeClob.
 */
export function renderKeysPage(options: RenderOptions = {}) {
  const clob = new FakeClob();
  vi.stubGlobal('fetch', clob.fetch);
  const connectors = options.noWallet ? [] : [mock({ accounts: [clob.account.address] })];
  const walletConfig: Config = options.walletChains
    ? createConfig({
        chains: options.walletChains,
        connectors,
        multiInjectedProviderDiscovery: false,
        storage: null,
        transports: Object.fromEntries(options.walletChains.map((c) => [c.id, unusedTransport])),
      })
    : createWalletConfig({
        chainId: keyChain.id,
        chain: keyChain,
        connectors,
        multiInjectedProviderDiscovery: false,
        storage: null,
      });

  const queryClient = new QueryClient();
  const root = createRootRoute({
    component: () => (
      <>
        <nav>
          <Link to="/tags">Tags</Link>
        </nav>
        <Outlet />
        <LiveRegion />
      </>
    ),
  });
  const keys = createRoute({
    getParentRoute: () => root,
    path: '/keys',
    component: () => (
      <WalletProvider config={walletConfig}>
        <KeysPage chainId={keyChain.id} />
      </WalletProvider>
    ),
  });
  const tags = createRoute({
    getParentRoute: () => root,
    path: '/tags',
    component: () => <h1>Tags page</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([keys, tags]),
    history: createMemoryHistory({ initialEntries: ['/keys'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, clob, queryClient, router, walletConfig };
}

export { mainnet, keyChain };
