import { describe, expect, it } from 'vitest';
import { ConfigError, chainWarning, loadConfig, maskUrlSecrets } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      GAMMA_BASE: '/gamma',
      CLOB_BASE: '/clob',
      CHAIN_ID: 80002,
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

  it('takes DEMO_TRADERS=on|off, unset by default (then the catalog decides), and refuses anything else', () => {
    expect(loadConfig({}).DEMO_TRADERS).toBeUndefined();
    expect(loadConfig({ DEMO_TRADERS: 'on' }).DEMO_TRADERS).toBe('on');
    expect(loadConfig({ DEMO_TRADERS: 'off' }).DEMO_TRADERS).toBe('off');
    expect(() => loadConfig({ DEMO_TRADERS: 'yes' })).toThrow(/DEMO_TRADERS="yes": must be on or off/);
  });

  it('refuses several workers on the embedded database', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS>1 needs DATABASE_URL/);
    expect(
      loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://x/y', REDIS_URL: 'redis://127.0.0.1:6379' })
        .WORKERS,
    ).toBe(2);
  });

  it('takes CORS origins from the environment', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example/' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('needs REDIS_URL for several workers, in one line naming it', () => {
    const message = errorOf({ WORKERS: '3', DATABASE_URL: 'postgres://x/y' });
    const lines = message.split('\n').slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ {2}WORKERS>1 needs REDIS_URL .*live channels.*100 × 3/);
    // Both missing: one line each.
    expect(errorOf({ WORKERS: '2' }).split('\n').slice(1)).toEqual([
      expect.stringMatching(/needs DATABASE_URL/),
      expect.stringMatching(/needs REDIS_URL/),
    ]);
  });

  it('defaults CHAIN_ID to 80002, the reference’s test network; only 137 (its real-money chain) is warned about', () => {
    expect(loadConfig({}).CHAIN_ID).toBe(80002);
    expect(chainWarning(loadConfig({}))).toBeNull();
    expect(
      chainWarning(
        loadConfig({ CHAIN_ID: '31337', EXCHANGE_ADDRESS_V1: A, NEG_RISK_EXCHANGE_ADDRESS_V1: B }),
      ),
    ).toBeNull();
    const warning = chainWarning(loadConfig({ CHAIN_ID: '137' }));
    expect(warning).toMatch(
      /^CHAIN_ID=137: signatures made for this service .* also valid on the reference's real-money exchange/,
    );
    expect(warning).not.toContain('\n');
  });

  it('verifies orders against the reference clients’ exchanges for the chain, or the configured ones', () => {
    expect(loadConfig({}).exchanges).toEqual({
      1: {
        exchange: '0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40',
        negRiskExchange: '0xC5d563A36AE78145C45a50134d48A1215220f80a',
      },
      2: {
        exchange: '0xE111180000d2663C0091e4f400237545B87B996B',
        negRiskExchange: '0xe2222d279d744050d28e00520010520000310F59',
      },
    });
    expect(loadConfig({ CHAIN_ID: '137' }).exchanges[1].exchange).toBe(
      '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E',
    );
    const configured = loadConfig({ EXCHANGE_ADDRESS_V2: A, NEG_RISK_EXCHANGE_ADDRESS_V1: B }).exchanges;
    expect(configured[2]).toEqual({
      exchange: A,
      negRiskExchange: '0xe2222d279d744050d28e00520010520000310F59',
    });
    expect(configured[1]).toEqual({
      exchange: '0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40',
      negRiskExchange: B,
    });
    // The legacy client knows only 137 and 80002: another chain needs its version-1 exchanges named.
    expect(errorOf({ CHAIN_ID: '31337' })).toMatch(
      /CHAIN_ID=31337: .*set EXCHANGE_ADDRESS_V1 and NEG_RISK_EXCHANGE_ADDRESS_V1/,
    );
    expect(errorOf({ EXCHANGE_ADDRESS_V2: '0x1234' })).toMatch(
      /EXCHANGE_ADDRESS_V2="0x1234": must be a 0x-prefixed 20-byte address/,
    );
  });

  it('takes the L1 domain name from L1_DOMAIN_NAME (default: the reference clients’ ClobAuthDomain)', () => {
    expect(loadConfig({}).L1_DOMAIN_NAME).toBe('ClobAuthDomain');
    expect(loadConfig({ L1_DOMAIN_NAME: 'Marketdesk' }).L1_DOMAIN_NAME).toBe('Marketdesk');
    expect(errorOf({ L1_DOMAIN_NAME: 'x'.repeat(65) })).toMatch(/L1_DOMAIN_NAME=.*64 printable/);
  });
});

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('configuration errors print no secret', () => {
  it('masks the password of DATABASE_URL and REDIS_URL', () => {
    const message = errorOf({
      DATABASE_URL: 'mysql://admin:hunter2-db@db.example:3306/x',
      REDIS_URL: 'http://default:hunter2-redis@cache.example:6379',
    });
    expect(message).not.toContain('hunter2');
    expect(message).toContain('DATABASE_URL="mysql://admin:***@db.example:3306/x": must be a postgres');
    expect(message).toContain('REDIS_URL="http://default:***@cache.example:6379": must be a redis');
    expect(message.split('\n')).toHaveLength(3);
  });

  it('hides passwords with reserved characters, tokens as user names, and password parameters', () => {
    for (const [url, shown] of [
      ['mysql://u:p@ss/w0rd@host/db', 'mysql://u:***@host/db'],
      ['mysql://sekrit-token@host', 'mysql://***@host'],
      [
        'mysql://host/db?user=u&password=sekrit&sslmode=require',
        'mysql://host/db?user=u&password=***&sslmode=require',
      ],
    ] as const) {
      expect(maskUrlSecrets(url)).toBe(shown);
      const message = errorOf({ DATABASE_URL: url });
      expect(message).not.toMatch(/sekrit|ss\/w0rd/);
      expect(message).toContain(shown);
    }
  });

  it('never prints SVC_MASTER_KEY, however wrong', () => {
    const key = 'zz-not-a-key-but-still-a-secret';
    const message = errorOf({ SVC_MASTER_KEY: key, PORT: 'x' });
    expect(message).not.toContain(key);
    expect(message).not.toContain(key.slice(0, 8));
    expect(message).toMatch(/SVC_MASTER_KEY=\(31 characters, not shown\)/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and with false or 0', () => {
    for (const value of [undefined, 'false', '0']) {
      expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toBe(false);
    }
  });

  it('takes a hop count: that many proxies in front are trusted, no more', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    if (typeof trust !== 'function') throw new Error('a hop count should give a function');
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false, false]);
  });

  it('takes a list of proxy addresses, CIDR ranges and range names', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses to trust everybody, and names each bad value on its own line', () => {
    for (const value of ['true', '*', '0.0.0.0/0', '::/0']) {
      expect(errorOf({ TRUST_PROXY: value })).toMatch(/any client (could )?choose its own address/);
    }
    const lines = errorOf({ TRUST_PROXY: '10.0.0.1,proxy.local,10.0.0.0/33,', PORT: 'x' })
      .split('\n')
      .slice(1);
    expect(lines).toEqual([
      expect.stringMatching(/^ {2}PORT="x"/),
      expect.stringMatching(/^ {2}TRUST_PROXY="proxy.local": not an IP address/),
      expect.stringMatching(/^ {2}TRUST_PROXY="10.0.0.0\/33": the prefix length must be 1 to 32/),
      expect.stringMatching(/^ {2}TRUST_PROXY="": an empty entry/),
    ]);
    expect(errorOf({ TRUST_PROXY: '11' })).toMatch(/TRUST_PROXY="11": a hop count is at most 10/);
  });
});
