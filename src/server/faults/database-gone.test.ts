import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { openTestDatabase } from '../test/database';
import { l1, newWallet, send } from '../credentials/test-helpers';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * "Database gone" without stopping the machine's PostgreSQL: the server talks to it through a TCP
 * proxy that the test cuts (every connection dropped, new ones refused) and restores.
 */
class CuttableProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

const base = process.env.TEST_DATABASE_URL;

// The PostgreSQL leg of the suite (CI sets TEST_DATABASE_URL); the embedded database cannot go away.
describe.runIf(base)('PostgreSQL goes away mid-run', () => {
  let t: TestApp;
  let proxy: CuttableProxy;
  let closeOwner: () => Promise<void>;

  beforeAll(async () => {
    const owner = await openTestDatabase(); // creates the database and runs migrations
    closeOwner = () => owner.close();
    const url = new URL(owner.url!);
    proxy = new CuttableProxy(url.hostname, Number(url.port || 5432));
    await proxy.open();
    url.host = `127.0.0.1:${proxy.port}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    t = await buildTestApp({}, database);
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
    await closeOwner();
  });

  let offset = 0;
  /** A catalog query the response cache has not seen, so it must reach the database. */
  const freshQuery = () => t.app.inject({ method: 'GET', url: `/gamma/events?offset=${++offset}` });

  it('answers 503 with the contract body while the database is unreachable, then recovers by itself', async () => {
    expect((await freshQuery()).statusCode).toBe(200);

    await proxy.cut();
    const down = await freshQuery();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', error: expect.any(String) });
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    const time = await t.app.inject({ method: 'GET', url: '/clob/time' });
    expect(time.statusCode).toBe(200); // what needs no database keeps working
    const headers = await l1(newWallet());
    const create = await send(t.app, { method: 'POST', url: '/clob/api-keys', headers });
    expect(create.statusCode).toBe(503);
    expect(create.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    await proxy.open(); // same port: the database is back
    let recovered = 0;
    for (let i = 0; i < 20 && recovered !== 200; i++) {
      recovered = (await freshQuery()).statusCode;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    // The failed create used nothing up: the same signature now creates the key.
    const retried = await send(t.app, { method: 'POST', url: '/clob/api-keys', headers });
    expect(retried.statusCode).toBe(201);
  });
});
