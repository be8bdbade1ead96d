import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Event, Market } from '../../contract/catalog';
import { decodeEvent } from '../features/catalog/api/decode';

/** Renders a component inside a router (for Links) and a fresh query client; no network unless `fetch` is stubbed. */
export function renderInApp(
  ui: ReactNode,
  { queryClient, url = '/' }: { queryClient?: QueryClient; url?: string } = {},
) {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({ component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient: client, router };
}

/**
 * A raw catalog event (real export: markets with arrays, missing fields…) passed as if it were a
 * contract Event: the components must cope with what the type does not promise.
 */
/** A raw payload read the way the app reads what the server sends (features/catalog/api/decode). */
export function asEvent(raw: unknown): Event {
  const event = decodeEvent(raw);
  if (!event) throw new Error('not an event');
  return event;
}

/** A catalog answer as fetch gives it: JSON, with X-Total-Count when `total` is given. */
export function jsonResponse(body: unknown, init: { status?: number; total?: number } = {}): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (init.total !== undefined) headers.set('x-total-count', String(init.total));
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export const XSS_TITLE = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';

export function makeEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: '1',
    slug: 'will-it-rain',
    title: 'Will it rain tomorrow?',
    description: 'Resolves Yes if it rains.',
    active: true,
    closed: false,
    liquidity: 12_000,
    volume: 1_234_567,
    volume24hr: 45_000,
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2099-01-01T00:00:00.000Z',
    image: '/img/weather.svg',
    tags: [{ id: '7', label: 'Weather', slug: 'weather' }],
    series: [],
    markets: [
      makeMarket({
        id: '10',
        question: 'Will it rain tomorrow?',
        conditionId: '0xabc123',
        outcomes: '["Yes","No"]',
        outcomePrices: '["0.62","0.38"]',
        clobTokenIds: ['111', '222'],
      }),
    ],
    ...overrides,
  };
}

/** A market by its question, outcomes and prices (its id the question; its tokens named after its outcomes unless given). */
export function pricedMarket(
  question: string,
  outcomes: string[],
  prices: string[],
  tokens = outcomes.map((o) => `${question}:${o}`),
): Market {
  return makeMarket({
    id: question,
    question,
    conditionId: '0x0',
    outcomes: JSON.stringify(outcomes),
    outcomePrices: JSON.stringify(prices),
    clobTokenIds: tokens,
  });
}

/** A market with the given Part A fields; the reference clients' extra fields at plain values. */
export function makeMarket(
  fields: Pick<Market, 'id' | 'question' | 'conditionId' | 'outcomes' | 'outcomePrices' | 'clobTokenIds'>,
): Market {
  return {
    slug: `market-${fields.id}`,
    active: true,
    closed: false,
    description: '',
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2099-01-01T00:00:00.000Z',
    image: '',
    volume: '0',
    volumeNum: 0,
    liquidity: '0',
    liquidityNum: 0,
    marketMakerAddress: '',
    negRisk: false,
    groupItemTitle: '',
    orderPriceMinTickSize: 0.01,
    orderMinSize: 5,
    ...fields,
  };
}
