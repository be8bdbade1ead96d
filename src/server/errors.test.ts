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
