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
    expect(await freshConfig()).toEqual({
      gammaUrl: '/gamma',
      clobUrl: '/clob',
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
});
