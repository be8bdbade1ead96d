import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function freshKeysConfig() {
  vi.resetModules();
  return (await import('./keys-config')).keysConfig;
}

describe('keysConfig.chainId', () => {
  it('is 80002, the reference’s test network, unless VITE_CHAIN_ID says otherwise (as the server’s CHAIN_ID)', async () => {
    vi.stubEnv('VITE_CHAIN_ID', '');
    expect((await freshKeysConfig()).chainId).toBe(80002);
    vi.stubEnv('VITE_CHAIN_ID', ' 137 ');
    expect((await freshKeysConfig()).chainId).toBe(137);
    vi.stubEnv('VITE_CHAIN_ID', 'polygon');
    expect((await freshKeysConfig()).chainId).toBe(80002);
  });
});
