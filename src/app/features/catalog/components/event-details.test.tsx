import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveRegion } from '../../../components/live-region';
import { formatExact } from '../../../lib/format';
import fed from '../../../../../fixtures/gamma/events-thabris-fed-september-negrisk.json';
import kraken from '../../../../../fixtures/gamma/events-bobaoxu2001-kraken-macron.json';
import { asEvent, makeEvent, makeMarket, renderInApp, XSS_TITLE } from '../../../test/render';
import { embedCode } from '../../../../contract/embed';
import { EventDetails } from './event-details';

afterEach(() => vi.unstubAllGlobals());

function noFetch() {
  // "More in this series" asks the catalog; these tests are about the page itself.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
}

describe('EventDetails', () => {
  it('renders the neg-risk fixture: every market, outcomes leading first to one decimal, ids with copy buttons', async () => {
    noFetch();
    renderInApp(<EventDetails event={asEvent(fed)} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fed Decision in September?' }),
    ).toBeInTheDocument();
    const markets = screen.getAllByRole('heading', { level: 3 }).map((h) => h.closest('article')!);
    expect(markets).toHaveLength(fed.markets.length);
    // Markets sorted by their Yes probability; in each, the leading outcome comes first.
    const first = markets[0]!;
    const rows = within(first).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/\(leading\)/);
    expect(rows[0]!.textContent).toMatch(/\d+\.\d%$/);
    const tokens = JSON.parse(fed.markets[0]!.clobTokenIds) as string[];
    expect(screen.getByText(tokens[0]!)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Copy condition id' })).toHaveLength(fed.markets.length);
    // Series and tags are links.
    const links = screen.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')]);
    expect(links).toContainEqual(['Series: FOMC', `/series/${fed.series[0]!.id}`]);
    expect(links.filter(([text]) => text?.startsWith('Tag: '))).toHaveLength(fed.tags.length);
  });

  it('badges the state and gives each date relative and exact, in the viewer’s zone', async () => {
    noFetch();
    const closed = makeEvent({
      active: true,
      closed: true,
      startDate: '2025-03-01T12:00:00.000Z',
      endDate: '2025-06-30T18:30:00.000Z',
    });
    const { unmount } = renderInApp(<EventDetails event={closed} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByText('Open')).toBeNull();
    // The start date is when it opened for trading (a game's is not its kick-off).
    const opened = screen.getByText('Opened').closest('div')!;
    expect(within(opened).getByText(/ago$/)).toHaveAttribute('datetime', '2025-03-01T12:00:00.000Z');
    const ended = screen.getByText('Ended').closest('div')!;
    expect(within(ended).getByText(/ago$/)).toHaveAttribute('datetime', '2025-06-30T18:30:00.000Z');
    expect(ended).toHaveTextContent(formatExact('2025-06-30T18:30:00.000Z'));
    expect(formatExact('2025-06-30T18:30:00.000Z')).toMatch(
      /^Jun 30, 2025, \d{1,2}:\d{2} [AP]M (UTC|GMT[+-]\d+(:\d{2})?)$/,
    );
    unmount();

    const { unmount: unmount2 } = renderInApp(
      <EventDetails event={makeEvent({ endDate: '2099-01-01T00:00:00.000Z' })} />,
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(within(screen.getByText('Ends').closest('div')!).getByText(/^in \d+y$/)).toBeInTheDocument();
    unmount2();
    renderInApp(<EventDetails event={makeEvent({ startDate: '2099-01-01T00:00:00.000Z' })} />);
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByText('Opens').closest('div')!).getByText(/^in \d+y$/)).toBeInTheDocument();
  });

  it('does not call an open event past its end date ended: it still trades until closed', async () => {
    noFetch();
    renderInApp(<EventDetails event={makeEvent({ endDate: '2025-06-30T18:30:00.000Z' })} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.queryByText('Ended')).toBeNull();
    expect(within(screen.getByText('End date passed').closest('div')!).getByText(/ago$/)).toBeInTheDocument();
  });

  it('shows a placeholder market without prices instead of failing', async () => {
    noFetch();
    renderInApp(<EventDetails event={asEvent(kraken[0])} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Prices unavailable for this market.')).toBeInTheDocument();
  });

  it('renders hostile title and description as text, keeping line breaks', async () => {
    noFetch();
    const description = `first line\n<img src=x onerror="window.__xss=3">\n\n<script>window.__xss=4</script>`;
    const { container } = renderInApp(<EventDetails event={makeEvent({ title: XSS_TITLE, description })} />);
    expect(await screen.findByRole('heading', { level: 1, name: XSS_TITLE })).toBeInTheDocument();
    const body = container.querySelector('#event-description')!;
    expect(body.textContent).toBe(description);
    expect(body.children).toHaveLength(0);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('shows the first ten of many markets with a "show all" control', async () => {
    noFetch();
    const markets = Array.from({ length: 14 }, (_, i) =>
      makeMarket({
        id: String(i),
        question: `Bracket ${i}?`,
        conditionId: '0x1',
        outcomes: '["Yes","No"]',
        outcomePrices: JSON.stringify([String(i / 20), String(1 - i / 20)]),
        clobTokenIds: ['1', '2'],
      }),
    );
    renderInApp(<EventDetails event={makeEvent({ markets })} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(10);
    // Highest Yes first.
    expect(screen.getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('Bracket 13?');
    await userEvent.click(screen.getByRole('button', { name: 'Show all 14 markets' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(14);
  });

  it('gives each tradable market of several a Trade button that names it, and none to a closed one', async () => {
    noFetch();
    const game = (id: string, question: string, outcomes: [string, string]) =>
      makeMarket({
        id,
        question,
        conditionId: `0x${id}`,
        outcomes: JSON.stringify(outcomes),
        outcomePrices: '["0.6","0.4"]',
        clobTokenIds: [`${id}1`, `${id}2`],
      });
    const onTrade = vi.fn();
    const markets = [
      game('7', 'Dolphins vs. Titans', ['Dolphins', 'Titans']),
      game('8', 'Spread: Dolphins (-2.5)', ['Dolphins', 'Titans']),
      { ...game('9', 'Dolphins vs. Titans: O/U 41.5', ['Over', 'Under']), closed: true },
    ];
    const { unmount } = renderInApp(<EventDetails event={makeEvent({ markets })} onTrade={onTrade} />);
    await screen.findByRole('heading', { level: 1 });
    expect(
      screen.getAllByRole('button', { name: /^Trade / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Trade Dolphins vs. Titans', 'Trade Spread: Dolphins (-2.5)']);
    await userEvent.click(screen.getByRole('button', { name: 'Trade Spread: Dolphins (-2.5)' }));
    expect(onTrade).toHaveBeenCalledWith('8');
    unmount();
    // One book is the book the page shows already: nothing to pick.
    renderInApp(<EventDetails event={makeEvent({ markets: markets.slice(0, 1) })} onTrade={onTrade} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /^Trade / })).toBeNull();
  });

  it('share copies the canonical link and announces "Link copied" when there is no share sheet', async () => {
    noFetch();
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInApp(
      <>
        <EventDetails event={makeEvent({ slug: 'a b/c' })} />
        <LiveRegion />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/e/a%20b%2Fc`);
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Link copied'));
  });

  it('share keeps the market and range the page shows', async () => {
    noFetch();
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInApp(<EventDetails event={makeEvent({ slug: 'fed' })} />, { url: '/e/fed?market=7&range=1m' });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/e/fed?market=7&range=1m`);
  });

  it('share leaves out query text that is not part of the view, and the default range', async () => {
    noFetch();
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInApp(<EventDetails event={makeEvent({ slug: 'fed' })} />, {
      url: '/e/fed?utm_source=x&foo=1&range=1w&market=7',
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/e/fed?market=7`);
  });

  it('embed copies the iframe code of the event card, the title escaped', async () => {
    noFetch();
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInApp(
      <>
        <EventDetails event={makeEvent({ slug: 'rain', title: 'Rain "today" <b>?' })} />
        <LiveRegion />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Embed' }));
    expect(writeText).toHaveBeenCalledWith(embedCode(window.location.origin, 'rain', 'Rain "today" <b>?'));
    const code = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(code).toContain(`src="${window.location.origin}/embed/e/rain"`);
    expect(code).toContain('title="Rain &quot;today&quot; &lt;b&gt;? · Marketdesk"');
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Embed code copied'));
  });

  it('uses the Web Share API when the browser has it', async () => {
    noFetch();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderInApp(<EventDetails event={makeEvent()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Will it rain tomorrow?',
      url: `${window.location.origin}/e/will-it-rain`,
    });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
});
