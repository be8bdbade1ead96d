import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyMessage, emptyBook, type LiveBook } from '../../../lib/live/book-state';
import { readMarketFrame } from '../../../lib/live/wire';
import { jsonResponse, makeEvent, makeMarket, pricedMarket, renderInApp } from '../../../test/render';
import { useState } from 'react';
import type { Event } from '../../../../contract/catalog';
import { BookSection } from './book-section';

// The event page keeps the chosen market in its URL; here, in state, as a page would.
const chosen: (string | undefined)[] = [];
function Book({ event, market }: { event: Event; market?: string }) {
  const [id, setId] = useState(market);
  return (
    <BookSection
      event={event}
      market={id}
      onMarket={(next) => {
        chosen.push(next);
        setId(next);
      }}
    />
  );
}

// The live store stands in for the socket: each test sets the books the channel would have sent.
const books = new Map<string, LiveBook>();
const status: { current: 'open' | 'reconnecting' } = { current: 'open' };
const watched: string[] = [];
const listeners = new Set<() => void>();
const setBook = (asset: string, book: LiveBook) => {
  books.set(asset, book);
  for (const l of listeners) l();
};
vi.mock('../../../lib/live/use-live', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  return {
    useLiveBook: (asset: string | null) => {
      if (asset) watched.push(asset);
      return useSyncExternalStore(subscribe, () => (asset ? (books.get(asset) ?? null) : null));
    },
    useLiveStatus: () => status.current,
  };
});

const feed = (asset: string, ...messages: object[]) =>
  messages
    .flatMap((m) => readMarketFrame(JSON.stringify({ market: '0x1', asset_id: asset, ...m })))
    .reduce(applyMessage, emptyBook(asset));

const rain = makeEvent();
const twoMarkets = makeEvent({
  markets: [
    makeMarket({
      id: '20',
      question: 'Rain in Paris?',
      conditionId: '0x20',
      outcomes: '["Yes","No"]',
      outcomePrices: '["0.2","0.8"]',
      clobTokenIds: ['201', '202'],
    }),
    makeMarket({
      id: '30',
      question: 'Rain in Rome?',
      conditionId: '0x30',
      outcomes: '["Yes","No"]',
      outcomePrices: '["0.7","0.3"]',
      clobTokenIds: ['301', '302'],
    }),
  ],
});

// The market's record of earlier trades (GET /live-activity/events/{condition_id}): none unless a test says.
const fetchMock = vi.fn<(url: string) => Promise<Response>>();

beforeEach(() => {
  status.current = 'open';
  books.clear();
  watched.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse([]));
  vi.stubGlobal('fetch', fetchMock);
});

describe('the live book on the event page', () => {
  it('shows asks above and bids below with the spread and last trade between', async () => {
    books.set(
      '111',
      feed('111', {
        event_type: 'book',
        bids: [{ price: '0.6', size: '10' }],
        asks: [
          { price: '0.64', size: '5' },
          { price: '0.7', size: '2.5' },
        ],
        last_trade_price: '0.61',
      }),
    );
    renderInApp(<Book event={rain} />);
    const table = await screen.findByRole('table', { name: /order book for yes/i });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'PriceSharesTotal',
      'Ask 70¢2.5$1.75',
      'Ask 64¢5$3.20',
      'Spread 4¢·, Last 61¢',
      'Bid 60¢10$6.00',
    ]);
  });

  it('marks the book while the live connection is down, so old levels do not pass for current', async () => {
    books.set('111', feed('111', { event_type: 'book', bids: [{ price: '0.6', size: '10' }], asks: [] }));
    status.current = 'reconnecting';
    renderInApp(<Book event={rain} />);
    const book = await screen.findByRole('region', { name: 'Order book, Yes' });
    expect(book).toHaveAccessibleDescription('As it was when the live connection dropped: waiting for it.');
    expect(book).toHaveClass('outline-dashed');
  });

  it('says the exchange cannot be reached when the connection fails before any book arrived', async () => {
    status.current = 'reconnecting';
    renderInApp(<Book event={rain} />);
    const told = await screen.findAllByText(
      'The exchange cannot be reached right now. This shows as soon as the connection is back.',
    );
    // In place of the book and of the tape.
    expect(told).toHaveLength(2);
    // Once the book arrives, it shows.
    act(() => {
      status.current = 'open';
      setBook('111', feed('111', { event_type: 'book', bids: [{ price: '0.6', size: '10' }], asks: [] }));
    });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText(/cannot be reached/)).toBeNull();
  });

  it('shows the other outcome as the mirror of the same book, without another subscription', async () => {
    books.set(
      '111',
      feed('111', {
        event_type: 'book',
        bids: [{ price: '0.6', size: '10' }],
        asks: [{ price: '0.64', size: '5' }],
      }),
    );
    renderInApp(<Book event={rain} />);
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    expect(screen.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table', { name: /order book for no/i });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PriceSharesTotal', 'Ask 40¢10$4.00', 'Spread 4¢·, Last —', 'Bid 36¢5$1.80']);
    expect(new Set(watched)).toEqual(new Set(['111']));
  });

  it('picks the most likely market first and switches books with the market picker', async () => {
    renderInApp(<Book event={twoMarkets} />);
    const picker = await screen.findByRole('combobox', { name: 'Market' });
    expect(picker).toHaveValue('30');
    fireEvent.change(picker, { target: { value: '20' } });
    expect(watched.at(-1)).toBe('201');
    // The ticket says which market it trades: among several, each has its Yes.
    const chosenName = (picker as HTMLSelectElement).selectedOptions[0]!.textContent;
    expect(screen.getByRole('heading', { level: 3, name: `Trade: ${chosenName}` })).toBeTruthy();
    // The page is told of the choice, and of the first market as the default (no id in the URL).
    fireEvent.change(picker, { target: { value: '30' } });
    expect(chosen.slice(-2)).toEqual(['20', undefined]);
  });

  it('opens a game on its own question and lists its lines as its page does, not by their prices', async () => {
    const game = makeEvent({
      markets: [
        pricedMarket('Hawks vs. Nets', ['Hawks', 'Nets'], ['0.4', '0.6']),
        pricedMarket('Spread: Nets (-2.5)', ['Nets', 'Hawks'], ['0.52', '0.48']),
        pricedMarket('Hawks vs. Nets: O/U 210.5', ['Over', 'Under'], ['0.7', '0.3']),
      ],
    });
    renderInApp(<Book event={game} />);
    const picker = await screen.findByRole('combobox', { name: 'Market' });
    expect(picker).toHaveValue('Hawks vs. Nets');
    expect([...(picker as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'Hawks vs. Nets',
      'Spread: Nets (-2.5)',
      'Hawks vs. Nets: O/U 210.5',
    ]);
  });

  it('opens on the market a link names, and on the first one for an id it does not know', async () => {
    const { unmount } = renderInApp(<Book event={twoMarkets} market="20" />);
    expect(await screen.findByRole('combobox', { name: 'Market' })).toHaveValue('20');
    expect(watched.at(-1)).toBe('201');
    unmount();
    renderInApp(<Book event={twoMarkets} market="999" />);
    expect(await screen.findByRole('combobox', { name: 'Market' })).toHaveValue('30');
  });

  it('says so when a side or the tape is empty, and waits with placeholders before the snapshot', async () => {
    const { unmount } = renderInApp(<Book event={rain} />);
    await screen.findByRole('heading', { name: 'Order book' });
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    books.set('111', feed('111', { event_type: 'book', bids: [], asks: [] }));
    renderInApp(<Book event={rain} />);
    expect(await screen.findByText('No asks yet')).toBeInTheDocument();
    expect(screen.getByText('No bids yet')).toBeInTheDocument();
    expect(await screen.findByText(/No trades yet in this market/)).toBeInTheDocument();
  });

  it('tells a market whose volume is from before it was listed here that this book has no trades yet', async () => {
    books.set('111', feed('111', { event_type: 'book', bids: [], asks: [] }));
    const traded = makeEvent({
      markets: rain.markets.map((m) => ({ ...m, volume: '1200', volumeNum: 1200 })),
    });
    renderInApp(<Book event={traded} />);
    expect(
      await screen.findByText(/No trades on this book yet: the market’s volume is from its trading before/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No trades yet in this market/)).toBeNull();
  });

  it('prints the market’s earlier trades under the live ones, from the record', async () => {
    const seconds = Math.floor(Date.now() / 1000);
    fetchMock.mockImplementation(async () =>
      jsonResponse([
        // A buy of No at 0.45 is, in Yes's terms, a sell at 0.55.
        {
          side: 'BUY',
          size: '3',
          price: '0.45',
          outcome_index: 1,
          transaction_hash: '0xb',
          timestamp: String(seconds - 60),
        },
        {
          side: 'BUY',
          size: '2',
          price: '0.5',
          outcome_index: 0,
          transaction_hash: '0xa',
          timestamp: String(seconds - 120),
        },
      ]),
    );
    books.set(
      '111',
      feed(
        '111',
        { event_type: 'book', bids: [], asks: [] },
        {
          event_type: 'last_trade_price',
          price: '0.6',
          size: '1',
          side: 'BUY',
          timestamp: String(Date.now()),
          transaction_hash: '0xc',
        },
      ),
    );
    renderInApp(<Book event={rain} />);
    const tape = await screen.findByRole('table', { name: /last trades/i });
    await waitFor(() => expect(within(tape).getAllByRole('row')).toHaveLength(4));
    expect(
      within(tape)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent)),
    ).toEqual([
      ['60¢', '1', 'Buy'],
      ['55¢', '3', 'Sell'],
      ['50¢', '2', 'Buy'],
    ]);
    expect(within(tape).getAllByRole('row')[3]!.querySelector('time')).toHaveAttribute(
      'dateTime',
      new Date((seconds - 120) * 1000).toISOString(),
    );
    expect(fetchMock).toHaveBeenCalledWith('/clob/live-activity/events/0xabc123?limit=20', expect.anything());
  });

  it('reads the record again when the live connection comes back, for the trades it missed', async () => {
    const empty = () => feed('111', { event_type: 'book', bids: [], asks: [] });
    books.set('111', empty());
    renderInApp(<Book event={rain} />);
    await screen.findByText(/No trades yet in this market/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    status.current = 'reconnecting';
    act(() => setBook('111', empty()));
    status.current = 'open';
    act(() => setBook('111', empty()));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('says when the earlier trades could not be read, and still prints live ones', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ error: 'down', code: 'INTERNAL' }, { status: 503 }),
    );
    books.set('111', feed('111', { event_type: 'book', bids: [], asks: [] }));
    renderInApp(<Book event={rain} />);
    expect(await screen.findByText(/earlier trades could not be loaded/)).toBeInTheDocument();
  });

  it('prints trades newest first and announces new ones only when asked', async () => {
    const trade = (n: number) => ({
      event_type: 'last_trade_price',
      price: '0.62',
      size: String(n),
      side: 'BUY',
      fee_rate_bps: '0',
      timestamp: String(Date.now()),
      transaction_hash: `0x${n}`,
    });
    const base = feed('111', { event_type: 'book', bids: [], asks: [] }, trade(1));
    books.set('111', base);
    renderInApp(<Book event={rain} />);
    const tape = () => screen.getByRole('table', { name: /last trades/i });
    await screen.findByRole('table', { name: /last trades/i });
    expect(within(tape()).getAllByRole('row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Announce trades' }));
    act(() => setBook('111', feed('111', { event_type: 'book', bids: [], asks: [] }, trade(1), trade(7))));
    expect(within(tape()).getAllByRole('row')[1]).toHaveTextContent('62¢7Buy');
    expect(await screen.findByText('Trade: 7 Yes bought at 62¢')).toBeInTheDocument();
    // Switched off, the region empties and stays quiet.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Announce trades' }));
    expect(screen.queryByText('Trade: 7 Yes bought at 62¢')).toBeNull();
  });

  it('has no book for an event whose markets cannot trade', async () => {
    const closed = makeEvent({ markets: [{ ...rain.markets[0]!, closed: true }] });
    const { container } = renderInApp(<Book event={closed} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });
});
