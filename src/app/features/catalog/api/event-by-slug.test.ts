import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeEvent } from '../../../test/render';
import { EVENT_REFRESH_MS, eventBySlugQueryOptions } from './event-by-slug';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('an open event page', () => {
  it('reads its event again while it is watched, so its prices follow the market', async () => {
    vi.useFakeTimers();
    const event = (price: string) =>
      makeEvent({
        slug: 'rain',
        markets: [{ ...makeEvent().markets[0]!, outcomePrices: `["${price}","0.5"]` }],
      });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(event('0.395')))
      .mockResolvedValue(jsonResponse(event('0.405')));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const observer = new QueryObserver(client, eventBySlugQueryOptions('rain'));
    const seen: string[] = [];
    const stop = observer.subscribe((r) => {
      if (r.data) seen.push(r.data.markets[0]!.outcomePrices);
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EVENT_REFRESH_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)).toBe('["0.405","0.5"]');
    stop();
    client.clear();
  });
});
