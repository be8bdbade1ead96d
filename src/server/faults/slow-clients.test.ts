import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';

/** Clients that send a byte a second must neither block others nor hold a connection for long. */
describe('slow clients', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** Opens a connection that sends a request line, then one header byte per second. */
  function trickle(): { socket: Socket; closed: Promise<number> } {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /clob/time HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const timer = setInterval(() => socket.writable && socket.write('a'), 1000);
    const closed = new Promise<number>((resolve) =>
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      }),
    );
    return { socket, closed };
  }

  it('keeps answering others while 200 connections trickle, and drops the tricklers within the timeout', async () => {
    const slow = Array.from({ length: 200 }, trickle);
    await new Promise((r) => setTimeout(r, 1500));
    const t0 = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/clob/time`);
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(1000);

    const lifetimes = await Promise.all(slow.map((s) => s.closed));
    expect(Math.max(...lifetimes)).toBeLessThan(15_000); // headersTimeout 10 s + check interval 2 s
  }, 40_000);

  it('refuses a body over the limit with 413 BODY_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/clob/api-keys',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ junk: 'x'.repeat(64 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it("answers a request HTTP cannot read with the contract's error body", async () => {
    const answer = (raw: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (d) => (text += d));
        socket.on('close', () => resolve(text));
        socket.on('error', () => {});
        socket.write(raw);
      });
    const text = await answer('GET /gamma/events HTTP/1.1\r\nHost: x\r\nIf-None-Match: "a"\nx\r\n\r\n');
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({
      error: expect.stringMatching(/^The request cannot be read as HTTP: /),
      code: 'INVALID_PARAMETER',
    });
  });
});
