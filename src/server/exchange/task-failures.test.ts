import { expect, it, vi } from 'vitest';
import { taskFailureLog, UNAVAILABLE_LOG_EVERY_MS } from './task-failures';

const down = () =>
  new Error('Failed query: SELECT …', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  });

it('logs a task failing for want of the database once per task every 30 s, without the query', () => {
  const warn = vi.fn();
  let now = 0;
  const failed = taskFailureLog({ warn }, () => now);
  for (let second = 0; second < 10; second++, now += 1_000) {
    failed(down(), 'expiring orders');
    failed(down(), 'following catalog loads');
  }
  expect(warn).toHaveBeenCalledTimes(2);
  expect(warn.mock.calls[0]).toEqual([
    { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' } },
    'expiring orders failed: the database cannot be reached (tried again every round; said again in 30 s at most)',
  ]);
  now = UNAVAILABLE_LOG_EVERY_MS;
  failed(down(), 'expiring orders');
  expect(warn).toHaveBeenCalledTimes(3);
});

it('logs any other failure in full, every time', () => {
  const warn = vi.fn();
  const failed = taskFailureLog({ warn }, () => 0);
  const bug = new TypeError('x is undefined');
  failed(bug, 'expiring orders');
  failed(bug, 'expiring orders');
  expect(warn.mock.calls).toEqual([
    [{ err: bug }, 'expiring orders failed'],
    [{ err: bug }, 'expiring orders failed'],
  ]);
});
