import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatExact } from '../../../lib/format';
import { jsonResponse, renderInApp } from '../../../test/render';
import type { ChartLine } from '../chart-lines';
import PriceHistoryPanel from './price-history-panel';

// The plot measures its box, which jsdom does not lay out: price-plot.test.tsx draws it at a given
// width, e2e/history.spec.ts in a browser; here it reports its props.
vi.mock('./price-plot', () => ({
  default: ({ x, cursor }: { x: number[]; cursor: number | null }) => (
    <div data-testid="plot" data-points={x.length} data-cursor={cursor ?? ''} />
  ),
}));

afterEach(() => vi.unstubAllGlobals());

// Two hours ago: a history that runs up to now (a long-past one reads as ended, line-summary.ts).
const T0 = Math.floor(Date.now() / 1000) - 7_200;
const YES: ChartLine = { tokenId: '111', label: 'Yes', price: 0.536 };
const OTHER: ChartLine = { tokenId: '222', label: 'Team <b>B</b>', price: 0.2 };

function serve(histories: Record<string, { t: number; p: number }[] | number>) {
  const fetch = vi.fn(async (url: string) => {
    const token = new URL(url, 'http://x').searchParams.get('market')!;
    const answer = histories[token];
    if (typeof answer === 'number')
      return jsonResponse({ error: 'No.', code: 'MARKET_NOT_FOUND' }, { status: answer });
    return jsonResponse({ history: answer ?? [] });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const week = [
  { t: T0, p: 0.495 },
  { t: T0 + 1800, p: 0.51 },
  { t: T0 + 3600, p: 0.536 },
];

describe('PriceHistoryPanel', () => {
  it('asks for each line’s range and tells each line’s value and change in a sentence', async () => {
    const fetch = serve({
      '111': week,
      '222': [
        { t: T0, p: 0.25 },
        { t: T0 + 3600, p: 0.2 },
      ],
    });
    renderInApp(<PriceHistoryPanel slug="rain" lines={[YES, OTHER]} range="1w" />);
    expect(await screen.findByText('Yes 53.6%, up 4.1 points this week')).toBeInTheDocument();
    expect(screen.getByText('Team <b>B</b> 20.0%, down 5.0 points this week')).toBeInTheDocument();
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual([
      '/clob/prices-history?market=111&interval=1w&fidelity=30',
      '/clob/prices-history?market=222&interval=1w&fidelity=30',
    ]);
    expect(screen.getByText('▲ 4.1')).toBeInTheDocument();
    expect(screen.getByText('▼ 5.0')).toBeInTheDocument();
    expect(screen.getByTestId('plot')).toHaveAttribute('data-points', '3');
  });

  it('offers the four ranges as links that keep the range in the URL, the current one marked', async () => {
    serve({ '111': week });
    renderInApp(<PriceHistoryPanel slug="rain" lines={[YES]} range="1m" />);
    const nav = await screen.findByRole('navigation', { name: 'Chart range' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1D (one day)', '/e/rain?range=1d'],
      ['1W (one week)', '/e/rain?range=1w'],
      ['1M (one month)', '/e/rain?range=1m'],
      ['ALL (all time)', '/e/rain?range=all'],
    ]);
    // The range shown is emphasised (on the event route the router adds aria-current="page": e2e).
    expect(links[2]!.className).toContain('bg-accent-600');
    expect(links[1]!.className).not.toContain('bg-accent-600');
  });

  it('moves the crosshair with the arrow keys, Home and End, and announces the point', async () => {
    serve({ '111': week });
    renderInApp(<PriceHistoryPanel slug="rain" lines={[YES]} range="1w" />);
    const chart = await screen.findByRole('slider', { name: /Chart of Yes over one week/ });
    const plot = screen.getByTestId('plot');
    chart.focus();
    const at = (t: number, p: string) => `${formatExact(new Date(t * 1000).toISOString())}: Yes ${p}`;
    await userEvent.keyboard('{ArrowLeft}');
    expect(plot).toHaveAttribute('data-cursor', '1');
    expect(screen.getAllByText(at(T0 + 1800, '51.0%'))).toHaveLength(2); // readout and live region
    await userEvent.keyboard('{Home}');
    expect(plot).toHaveAttribute('data-cursor', '0');
    await userEvent.keyboard('{ArrowLeft}');
    expect(plot).toHaveAttribute('data-cursor', '0');
    await userEvent.keyboard('{End}');
    expect(plot).toHaveAttribute('data-cursor', '2');
    expect(screen.getAllByText(at(T0 + 3600, '53.6%'))).toHaveLength(2);
    expect(chart).toHaveAttribute('aria-valuenow', '2');
    expect(chart).toHaveAttribute('aria-valuetext', at(T0 + 3600, '53.6%'));
    await userEvent.keyboard('{Escape}');
    expect(plot).toHaveAttribute('data-cursor', '');
    expect(screen.getByText(/^Latest /)).toBeInTheDocument();
  });

  it('says so when a range has no trading, or when the history cannot be loaded', async () => {
    serve({ '111': [] });
    const { unmount } = renderInApp(<PriceHistoryPanel slug="rain" lines={[YES]} range="1d" />);
    expect(await screen.findByText('No price history for this market yet.')).toBeInTheDocument();
    expect(screen.getByText('Yes 53.6%, no price history today')).toBeInTheDocument();
    unmount();
    serve({ '111': 500 });
    renderInApp(<PriceHistoryPanel slug="rain" lines={[YES]} range="1d" />);
    expect(await screen.findByText('The price history could not be loaded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('plot')).toBeNull());
    expect(screen.getByText('Yes 53.6%, history could not be loaded')).toBeInTheDocument();
    // Trying again reads it again.
    serve({ '111': week });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('plot')).toHaveAttribute('data-points', '3');
    expect(screen.getByText('Yes 53.6%, up 4.1 points today')).toBeInTheDocument();
  });

  it('while another range loads, shows the last one dimmed and tells no change for the new one', async () => {
    const fetch = serve({ '111': week });
    function Switcher() {
      const [range, setRange] = useState<'1w' | '1m'>('1w');
      return (
        <>
          <button type="button" onClick={() => setRange('1m')}>
            Month
          </button>
          <PriceHistoryPanel slug="rain" lines={[YES]} range={range} />
        </>
      );
    }
    renderInApp(<Switcher />);
    expect(await screen.findByText('Yes 53.6%, up 4.1 points this week')).toBeInTheDocument();
    // The month's answer does not come yet.
    fetch.mockImplementation(() => new Promise(() => {}));
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByText('Yes 53.6%, history loading')).toBeInTheDocument();
    expect(screen.queryByText('▲ 4.1')).toBeNull();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-busy', 'true');
  });
});
