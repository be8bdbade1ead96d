import { createPublicClient, forkEnvironmentConfig } from '@polymarket/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { LAST_TS, loadHistoryCatalog, NO, YES } from './test-history';

/** The reference service's own SDK, over real HTTP, parses our answers with its own schema. */
let t: TestApp;
let client: ReturnType<typeof createPublicClient>;
beforeAll(async () => {
  t = await buildTestApp();
  await loadHistoryCatalog(t.database.db);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  client = createPublicClient({
    environment: forkEnvironmentConfig({ name: 'marketdesk-test', clob: { rest: `${address}/clob` } }),
  });
});
afterAll(() => t.close());

describe('@polymarket/client fetchPriceHistory against this server', () => {
  it('parses an interval request with fidelity', async () => {
    const history = await client.fetchPriceHistory({ tokenId: YES, interval: '1w' as never, fidelity: 60 });
    expect(history.length).toBeGreaterThanOrEqual(168);
    expect(history.at(-1)).toEqual({ t: LAST_TS, p: 0.536 });
  });

  it('parses a startTs/endTs request', async () => {
    const history = await client.fetchPriceHistory({ tokenId: NO, startTs: LAST_TS - 3_600, endTs: LAST_TS });
    expect(history).toHaveLength(7);
    expect(history.at(-1)).toEqual({ t: LAST_TS, p: 0.464 });
  });

  it('reports our 404 as a failure', async () => {
    await expect(client.fetchPriceHistory({ tokenId: '123' })).rejects.toThrow();
  });
});
