import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app';
import { unavailableCause } from './errors';

describe('unknown routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('answers 404 with the contract error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', error: expect.any(String) });
  });
});

describe('a database that cannot be reached', () => {
  it('is told by the driver’s error, whose code and message alone are kept for the log', () => {
    const driver = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5599'), { code: 'ECONNREFUSED' });
    // Drizzle's wrapper names the query and its parameters: not for a log.
    const wrapped = new Error('Failed query: SELECT … WHERE key = $1\nparams: secret-hash', {
      cause: driver,
    });
    expect(unavailableCause(wrapped)).toEqual({
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED 127.0.0.1:5599',
    });
    expect(unavailableCause(new Error('Connection terminated unexpectedly'))).toEqual({
      code: '',
      message: 'Connection terminated unexpectedly',
    });
    expect(unavailableCause(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
  });
});

describe('a server that is closing', () => {
  it('answers a request on a connection still open with the contract body and when to retry', async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const ended = new Promise((r) => socket.once('close', r));
    // A request in flight (its body one byte short) keeps the connection open while the server closes…
    socket.write(
      'POST /clob/order HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
    );
    await new Promise((r) => setTimeout(r, 100));
    const closed = t.app.close();
    await new Promise((r) => setTimeout(r, 100));
    // …and the next request on it comes after the close began.
    socket.write('}GET /clob/time HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    await closed;
    await t.close();
    const second = received.slice(received.indexOf('HTTP/1.1', 1));
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      error: 'The server is shutting down; retry in a few seconds.',
    });
  });
});
