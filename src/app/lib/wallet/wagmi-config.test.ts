import { describe, expect, it } from 'vitest';
import { createWalletConfig } from './wagmi-config';

describe('createWalletConfig', () => {
  it('uses the configured chain and the plain injected connector; WalletConnect only with a project id', () => {
    const plain = createWalletConfig({ chainId: 80002, storage: null });
    expect(plain.chains.map((c) => c.id)).toEqual([80002]);
    expect(plain.connectors.map((c) => c.type)).toEqual(['injected']);
    const withWalletConnect = createWalletConfig({
      chainId: 137,
      walletConnectProjectId: 'abc',
      storage: null,
    });
    expect(withWalletConnect.connectors.map((c) => c.type)).toEqual(['injected', 'walletConnect']);
  });

  it('names an unknown chain by its id and never talks to an RPC node', async () => {
    const config = createWalletConfig({ chainId: 424242, storage: null });
    expect(config.chains[0]?.name).toBe('Chain 424242');
    await expect(config.getClient().request({ method: 'eth_blockNumber' })).rejects.toThrow(
      /no chain requests/,
    );
  });
});
