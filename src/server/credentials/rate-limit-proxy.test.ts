import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/app';
import { RedisRelay } from '../test/redis-relay';
import { expectError } from './test-helpers';

/**
 * The /api-keys rate limit (docs/api.md §5) behind reverse proxies (TRUST_PROXY), for IPv6 clients
 * (one bucket per /64), and while Redis is unreachable (each process counts on its own).
 */

const MASTER = '3d'.repeat(32);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SVC_MASTER_KEY: MASTER });
});
afterAll(() => t?.close());

const octet = () => randomInt(1, 255);
const randomV4 = () => `198.18.${octet()}.${octet()}`;

/** `count` requests to /api-keys; every status must be `status`. */
async function hit(
  app: FastifyInstance,
  count: number,
  request: (i: number) => { remoteAddress: string; headers?: Record<string, string> },
  status = 401,
) {
  for (let i = 0; i < count; i++) {
    const res = await app.inject({ method: 'GET', url: '/clob/api-keys', ...request(i) });
    expect(res.statusCode, `request ${i + 1}: ${res.body}`).toBe(status);
  }
}

const limited = async (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress, headers });
  expectError(res, 429, 'RATE_LIMITED');
};
const notLimited = async (
  app: FastifyInstance,
  remoteAddress: string,
  headers: Record<string, string> = {},
) => {
  const res = await app.inject({ method: 'GET', url: '/clob/api-keys', remoteAddress, headers });
  expect(res.statusCode, res.body).toBe(401);
};

describe('TRUST_PROXY', () => {
  it('off (the default): X-Forwarded-For is ignored, so a client cannot pick its own bucket', async () => {
    const ip = randomV4();
    await hit(t.app, 100, () => ({ remoteAddress: ip, headers: { 'x-forwarded-for': randomV4() } }));
    await limited(t.app, ip, { 'x-forwarded-for': randomV4() });
  });

  it('a list of proxies: each client behind them has its own bucket; others cannot claim an address', async () => {
    const proxied = await buildTestApp(
      { SVC_MASTER_KEY: MASTER, TRUST_PROXY: '127.0.0.1, 10.9.0.0/16' },
      t.database,
    );
    try {
      const [a, b] = [randomV4(), randomV4()];
      await hit(proxied.app, 100, (i) => ({
        remoteAddress: i % 2 === 0 ? '127.0.0.1' : `10.9.0.${octet()}`,
        headers: { 'x-forwarded-for': `${randomV4()}, ${a}` },
      }));
      await limited(proxied.app, '127.0.0.1', { 'x-forwarded-for': a });
      // One client locked out does not lock out the others behind the same proxy.
      await notLimited(proxied.app, '127.0.0.1', { 'x-forwarded-for': b });

      // A peer that is not a listed proxy is counted by its own address, whatever it forwards.
      const stranger = randomV4();
      await hit(proxied.app, 100, () => ({
        remoteAddress: stranger,
        headers: { 'x-forwarded-for': randomV4() },
      }));
      await limited(proxied.app, stranger, { 'x-forwarded-for': randomV4() });
    } finally {
      await proxied.close();
    }
  });

  it('a hop count: the client is the entry that many proxies back', async () => {
    const proxied = await buildTestApp({ SVC_MASTER_KEY: MASTER, TRUST_PROXY: '1' }, t.database);
    try {
      const client = randomV4();
      await hit(proxied.app, 100, () => ({
        remoteAddress: randomV4(),
        headers: { 'x-forwarded-for': `${randomV4()}, ${client}` },
      }));
      await limited(proxied.app, randomV4(), { 'x-forwarded-for': client });
      await notLimited(proxied.app, randomV4(), { 'x-forwarded-for': `${client}, ${randomV4()}` });
    } finally {
      await proxied.close();
    }
  });
});

describe('IPv6 clients', () => {
  it('count per /64: rotating the interface id does not escape the limit', async () => {
    const prefix = `2001:db8:${randomInt(0, 0xffff).toString(16)}:${randomInt(0, 0xffff).toString(16)}`;
    await hit(t.app, 100, (i) => ({ remoteAddress: `${prefix}:${i.toString(16)}::${octet().toString(16)}` }));
    await limited(t.app, `${prefix}:ffff:ffff:ffff:fffe`);
    await limited(t.app, `${prefix}::1`);
    // The next /64 is another client.
    await notLimited(t.app, `2001:db8:ffff:ffff::1`);
  });

  it('an IPv4-mapped IPv6 address counts as the IPv4 address', async () => {
    const ip = randomV4();
    await hit(t.app, 100, (i) => ({ remoteAddress: i % 2 === 0 ? ip : `::ffff:${ip}` }));
    await limited(t.app, ip);
  });
});

/** An app whose log lines are kept, to count warnings. */
async function appWithLog(env: Record<string, string>) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({ SERVE_WEB: 'false', SERVE_GAMMA: 'false', SVC_MASTER_KEY: MASTER, ...env });
  const app = await buildApp({ config, database: t.database, logger: { level: 'info', stream } });
  const about = (word: RegExp) => lines.filter((l) => word.test(l.msg));
  return {
    app,
    lines,
    warnings: () => about(/^rate-limit store .* unavailable/),
    recoveries: () => about(/^rate-limit store .* is back/),
  };
}

describe('with Redis unreachable', () => {
  it('each process still limits (on its own), and says so once, not once per request', async () => {
    const { app, warnings } = await appWithLog({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const ip = randomV4();
      await hit(app, 100, () => ({ remoteAddress: ip }));
      await limited(app, ip);
      await notLimited(app, randomV4());
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]?.level).toBe(40);
    } finally {
      await app.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)('Redis going away and coming back', () => {
  it('falls back to a per-process count while it is away: one warning per outage, one line when back', async () => {
    const relay = new RedisRelay();
    await relay.open();
    const { app, warnings, recoveries, lines } = await appWithLog({
      REDIS_URL: relay.url,
    });
    try {
      const until = async (what: () => boolean) => {
        const deadline = Date.now() + 10_000;
        while (!what() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(what()).toBe(true);
      };
      for (let outage = 1; outage <= 2; outage++) {
        await relay.cut();
        const ip = randomV4();
        await hit(app, 100, () => ({ remoteAddress: ip }));
        await limited(app, ip);
        expect(warnings(), JSON.stringify(lines.filter((l) => !/request/.test(l.msg)))).toHaveLength(outage);
        await relay.open();
        await until(() => recoveries().length === outage);
        // Shared again: a fresh client starts from zero in Redis.
        await notLimited(app, randomV4());
        expect(warnings()).toHaveLength(outage);
      }
    } finally {
      await app.close();
      await relay.cut().catch(() => {});
    }
  }, 60_000);
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
