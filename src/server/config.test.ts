import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      GAMMA_BASE: '/gamma',
      CLOB_BASE: '/clob',
      CHAIN_ID: 137,
      LOG_LEVEL: 'info',
      WORKERS: 1,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.corsOrigins).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
  });

  it('reports every bad variable on its own line', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', CHAIN_ID: '-1', GAMMA_BASE: 'gamma/', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    const lines = message.split('\n').slice(1);
    expect(lines).toHaveLength(4);
    expect(message).toMatch(/PORT="eighty"/);
    expect(message).toMatch(/CHAIN_ID="-1"/);
    expect(message).toMatch(/GAMMA_BASE="gamma\/"/);
    expect(message).toMatch(/DATABASE_URL="mysql:\/\/x": must be a postgres/);
  });

  it('refuses several workers on the embedded database', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS>1 needs DATABASE_URL/);
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://x/y' }).WORKERS).toBe(2);
  });

  it('takes CORS origins from the environment', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example/' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
