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

describe('keysConfig.l1DomainName', () => {
  it('signs L1 with the domain name of VITE_L1_DOMAIN_NAME, which the server then verifies', async () => {
    vi.stubEnv('VITE_L1_DOMAIN_NAME', '');
    expect((await freshKeysConfig()).l1DomainName).toBe('ClobAuthDomain');
    vi.stubEnv('VITE_L1_DOMAIN_NAME', ' Marketdesk ');
    const { l1DomainName } = await freshKeysConfig();
    expect(l1DomainName).toBe('Marketdesk');
    const { buildClobAuthTypedData } = await import('../../../contract/auth');
    const typed = buildClobAuthTypedData({
      address: '0x0000000000000000000000000000000000000001',
      timestamp: '1',
      nonce: 1,
      chainId: 80002,
      domainName: l1DomainName,
    });
    expect(typed.domain).toEqual({ name: 'Marketdesk', version: '1', chainId: 80002 });
  });
});
