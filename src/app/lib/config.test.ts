import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function freshConfig() {
  vi.resetModules();
  return (await import('./config')).config;
}

describe('config', () => {
  it('defaults to the interfaces mounted on the dashboard’s own origin', async () => {
    vi.stubEnv('VITE_GAMMA_URL', '');
    vi.stubEnv('VITE_CLOB_URL', '  ');
    vi.stubEnv('VITE_L1_DOMAIN_NAME', '');
    expect(await freshConfig()).toEqual({
      gammaUrl: '/gamma',
      clobUrl: '/clob',
      l1DomainName: 'ClobAuthDomain',
    });
  });

  it('points at another deployment from VITE_GAMMA_URL / VITE_CLOB_URL, without a trailing slash', async () => {
    vi.stubEnv('VITE_GAMMA_URL', 'https://catalog.example.org/gamma/');
    vi.stubEnv('VITE_CLOB_URL', 'https://trade.example.org');
    expect(await freshConfig()).toMatchObject({
      gammaUrl: 'https://catalog.example.org/gamma',
      clobUrl: 'https://trade.example.org',
    });
  });

  it('signs L1 with the domain name of VITE_L1_DOMAIN_NAME, which the server then verifies', async () => {
    vi.stubEnv('VITE_L1_DOMAIN_NAME', ' Marketdesk ');
    const { l1DomainName } = await freshConfig();
    expect(l1DomainName).toBe('Marketdesk');
    const { buildClobAuthTypedData } = await import('../../contract/auth');
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
