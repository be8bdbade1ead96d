import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import type { Session } from '../../../lib/wallet/session';
import type { Position } from '../../../../contract/trading';
import type { Account } from '../api/account';
import { PRICES_EVERY_MS } from './live-state';
import { PortfolioPage } from './portfolio-page';

// The page's surroundings stand in: a connected wallet with a session, the account's reads, the socket.
const session: Session = {
  address: '0x00000000000000000000000000000000000000aa',
  credentials: { apiKey: 'key-1', secret: 'c2VjcmV0', passphrase: 'pass' },
  endsAt: Date.now() + 3_600_000,
};
const api = vi.hoisted(() => ({
  loadAccount: vi.fn(),
  loadPositions: vi.fn(),
  cancelOrder: vi.fn(),
  cancelAll: vi.fn(),
  marketsByCondition: vi.fn(async () => new Map()),
}));
vi.mock('../api/account', () => api);
vi.mock('wagmi', () => ({
  useConnection: () => ({ status: 'connected', address: '0x00000000000000000000000000000000000000AA' }),
  useConnect: () => ({ mutate: () => {} }),
}));
vi.mock('../../../lib/wallet/use-wallet-choices', () => ({
  useWalletChoices: () => ({ choices: [], ready: true }),
}));
vi.mock('../../../lib/wallet/use-session', async () => {
  const { useState } = await import('react');
  return {
    useSession: () => {
      // "End session" ends it: the page then offers to start one again.
      const [current, setCurrent] = useState<Session | null>(session);
      return {
        address: session.address,
        session: current,
        ensure: async () => {
          setCurrent(session);
          return session;
        },
        withSession: async <T,>(action: (s: Session) => Promise<T>) => ({
          value: await action(session),
          renewed: false,
        }),
        end: async () => setCurrent(null),
      };
    },
  };
});
vi.mock('../../../lib/wallet/session', async (original) => ({
  ...(await original<object>()),
  sessionFor: () => session,
}));

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const position = (over: Partial<Position> = {}): Position => ({
  asset_id: '11',
  market: '0xc1',
  outcome: 'Yes',
  size: '20',
  reserved: '0',
  avg_price: '0.55',
  cur_price: '0.6',
  ...over,
});
const order = {
  id: `0x${'1'.repeat(64)}`,
  status: 'LIVE',
  owner: 'key-1',
  maker_address: session.address,
  market: '0xc1',
  asset_id: '11',
  side: 'BUY',
  original_size: '10',
  size_matched: '0',
  price: '0.3',
  associate_trades: [],
  outcome: 'Yes',
  created_at: 1,
  expiration: '0',
  order_type: 'GTC',
} as Account['orders'][number];
const account = (over: Partial<Account> = {}): Account => ({
  cash: 986_000_000n,
  positions: [],
  orders: [],
  trades: [],
  summary: {
    credited: '1000',
    credits: [{ amount: '1000', reason: 'grant', created_at: 1 }],
    realized_pnl: '0',
  },
  ...over,
});
const summary = () =>
  within(document.querySelector<HTMLElement>('dl[aria-label="Summary"]')!)
    .getAllByRole('definition')
    .map((d) => d.textContent);

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  for (const f of Object.values(api)) f.mockReset();
  api.marketsByCondition.mockResolvedValue(new Map());
});
afterEach(() => vi.unstubAllGlobals());

describe('the Portfolio', () => {
  it('an empty account: its cash, and words instead of empty tables', async () => {
    api.loadAccount.mockResolvedValue(account({ cash: 1_000_000_000n }));
    renderInApp(<PortfolioPage />);
    await screen.findByText('Cash (free)');
    expect(summary()).toEqual([
      '$1,000.00',
      '$0.00',
      '$1,000.00',
      '$1,000.00',
      'Starting grant of paper money',
      '$0.00',
      '$0.00',
    ]);
    expect(screen.getByText(/No positions yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open orders (0)' }));
    expect(screen.getByText(/No open orders/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'History (0)' }));
    expect(screen.getByText('No trades yet.')).toBeInTheDocument();
  });

  it("works out each position's value and profit or loss, and the account's", async () => {
    api.loadAccount.mockResolvedValue(
      account({
        positions: [
          // 20 bought at 55¢, now 60¢: worth $12.00, +$1.00.
          position(),
          // 12.5 bought at 39.67¢, now 25¢: worth $3.13 (3.125), −$1.83 (−1.83375).
          position({ asset_id: '22', outcome: 'No', size: '12.5', avg_price: '0.3967', cur_price: '0.25' }),
        ],
      }),
    );
    renderInApp(<PortfolioPage />);
    const table = await screen.findByRole('table', { name: 'Positions' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      // On phones the prices show under the shares (hidden by CSS from sm up).
      ['0xc1', 'Yes', '2055¢ → 60¢', '55¢', '60¢', '$12.00', '$1.00'],
      ['0xc1', 'No', '12.539.67¢ → 25¢', '39.67¢', '25¢', '$3.13', '-$1.83'],
    ]);
    // Cash 986 + value 15.125; P/L 1 − 1.83375; nothing sold yet.
    expect(summary()).toEqual([
      '$986.00',
      '$15.13',
      '$1,001.13',
      '$1,000.00',
      'Starting grant of paper money',
      '-$0.83',
      '$0.00',
    ]);
  });

  it('after trading, no position is "none now", not "none yet"', async () => {
    const sold = { id: 't1', side: 'SELL', outcome: 'Yes', size: '10', price: '0.5', market: '0xc1' };
    api.loadAccount.mockResolvedValue(account({ trades: [sold as unknown as Account['trades'][number]] }));
    renderInApp(<PortfolioPage />);
    expect(
      await screen.findByText(
        "No positions now: your past trades are under History. Buy an outcome from an event page's trade ticket.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No positions yet/)).toBeNull();
  });

  it("links each row to its event, open on the row's own market, named with the event", async () => {
    api.marketsByCondition.mockResolvedValue(
      new Map([
        [
          '0xc1',
          { slug: 'box-office', title: 'Opening weekend box office', id: '42', question: '$20M–$30M?' },
        ],
      ]),
    );
    api.loadAccount.mockResolvedValue(account({ positions: [position()] }));
    renderInApp(<PortfolioPage />);
    const link = await screen.findByRole('link', { name: /^\$20M–\$30M\?\s+Opening weekend box office$/ });
    expect(link.getAttribute('href')).toBe('/e/box-office?market=42');
  });

  it('says where the paper money came from, and what sells realised', async () => {
    api.loadAccount.mockResolvedValue(
      account({
        cash: 1_480_250_000n,
        summary: {
          credited: '1500',
          credits: [
            { amount: '1000', reason: 'grant', created_at: 1 },
            { amount: '500', reason: 'fund', created_at: 2 },
          ],
          realized_pnl: '-19.75',
        },
      }),
    );
    renderInApp(<PortfolioPage />);
    await screen.findByText('Realised profit or loss');
    expect(summary()).toEqual([
      '$1,480.25',
      '$0.00',
      '$1,480.25',
      '$1,500.00',
      'Starting grant + 1 top-up',
      '$0.00',
      '-$19.75',
    ]);
  });

  it('cancels one open order or all of them, then reads the account again', async () => {
    const second = { ...order, id: `0x${'2'.repeat(64)}`, side: 'SELL' as const, price: '0.7' };
    api.loadAccount
      .mockResolvedValueOnce(account({ orders: [order, second] }))
      .mockResolvedValueOnce(account({ orders: [second] }))
      .mockResolvedValue(account({ orders: [] }));
    api.cancelOrder.mockResolvedValue({ canceled: [order.id], not_canceled: {} });
    api.cancelAll.mockResolvedValue({ canceled: [second.id], not_canceled: {} });
    renderInApp(<PortfolioPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open orders (2)' }));
    // Two orders are asked about as two; Escape keeps them.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    expect(screen.getByRole('group', { name: 'Cancel all 2 open orders?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel them all' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Keep them' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel buy 10 Yes at 30¢' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Order cancelled.'));
    expect(api.cancelOrder).toHaveBeenCalledWith(session, order.id);
    expect(api.loadAccount).toHaveBeenCalledTimes(2);
    // The focus goes to the cancel button now in the cancelled row's place, not to the page.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cancel sell 10 Yes at 70¢' })).toHaveFocus(),
    );
    // Asked once more, the safe answer focused: keeping it cancels nothing. One order is asked about
    // as one, not as "them all".
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    expect(screen.getByRole('group', { name: 'Cancel your open order?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel them all' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(api.cancelAll).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Keep it' }), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Cancel all' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Cancelled 1 order.'));
    expect(api.cancelAll).toHaveBeenCalledWith(session);
    expect(api.loadAccount).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(screen.getByText(/^No open orders\./)).toHaveFocus());
    // Said and done: another tab does not carry the line along.
    fireEvent.click(screen.getByRole('button', { name: /^History/ }));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('ended by keyboard, the session hands the focus to the button that starts a new one', async () => {
    api.loadAccount.mockResolvedValue(account());
    renderInApp(<PortfolioPage />);
    await screen.findByText('Cash (free)');
    const end = screen.getByRole('button', { name: 'End session' });
    end.focus();
    fireEvent.click(end);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Session ended: its key is revoked.'),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign to start a session' })).toHaveFocus(),
    );
  });

  it('authenticates the user channel with the session key in its first message only', async () => {
    api.loadAccount.mockResolvedValue(account());
    renderInApp(<PortfolioPage />);
    await screen.findByText('Cash (free)');
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toMatch(/^ws:\/\/[^?]+\/clob\/ws\/user$/);
    act(() => socket.accept());
    expect(JSON.parse(socket.sent[0]!)).toEqual({
      type: 'user',
      markets: [],
      auth: { apiKey: 'key-1', secret: 'c2VjcmV0', passphrase: 'pass' },
    });
    expect(screen.getByText(/^Live: updates as your orders fill/)).toBeInTheDocument();
  });

  it('reads the positions again every so often while in view, for their prices', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api.loadAccount.mockResolvedValue(account({ positions: [position({ cur_price: '0.39' })] }));
      api.loadPositions.mockResolvedValue([position({ cur_price: '0.3' })]);
      renderInApp(<PortfolioPage />);
      await screen.findByText('Cash (free)');
      // 20 shares at 39¢, bought at 55¢.
      expect(summary()[1]).toBe('$7.80');
      await act(() => vi.advanceTimersByTimeAsync(PRICES_EVERY_MS));
      await waitFor(() => expect(summary()[1]).toBe('$6.00'));
      // Only the positions: not every page of the trades, nor the summary, each time.
      expect(api.loadAccount).toHaveBeenCalledTimes(1);
      expect(api.loadPositions).toHaveBeenCalledWith(session);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a fill read meanwhile over an older read of the prices', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api.loadAccount.mockResolvedValueOnce(account({ positions: [position({ cur_price: '0.39' })] }));
      let answer: (rows: Position[]) => void = () => {};
      api.loadPositions.mockReturnValue(new Promise<Position[]>((resolve) => (answer = resolve)));
      renderInApp(<PortfolioPage />);
      await screen.findByText('Cash (free)');
      act(() => FakeSocket.all[0]!.accept());
      await act(() => vi.advanceTimersByTimeAsync(PRICES_EVERY_MS));
      expect(api.loadPositions).toHaveBeenCalledTimes(1);
      // While the prices are on their way, a fill doubles the position and the whole account is read.
      api.loadAccount.mockResolvedValueOnce(
        account({ positions: [position({ size: '40', cur_price: '0.39' })] }),
      );
      act(() => FakeSocket.all[0]!.push([{ event_type: 'trade', type: 'TRADE', id: 't-2', market: '0xc1' }]));
      await waitFor(() => expect(summary()[1]).toBe('$15.60'));
      // The older answer (20 shares) arrives last: it does not undo the fill.
      await act(async () => answer([position({ cur_price: '0.3' })]));
      expect(summary()[1]).toBe('$15.60');
    } finally {
      vi.useRealTimers();
    }
  });

  it('applies a live fill: an order and a trade event read the account again', async () => {
    api.loadAccount.mockResolvedValueOnce(account({ orders: [order] }));
    renderInApp(<PortfolioPage />);
    await screen.findByRole('button', { name: 'Open orders (1)' });
    // The resting bid holds $3 back: still the reader's money, in the total.
    expect(summary()).toEqual([
      '$986.00',
      '+ $3.00 held by open orders',
      '$0.00',
      '$989.00',
      '$1,000.00',
      'Starting grant of paper money',
      '$0.00',
      '$0.00',
    ]);
    act(() => FakeSocket.all[0]!.accept());
    // Someone sells into the resting bid: 10 Yes at 30¢ bought, $3 spent.
    api.loadAccount.mockResolvedValueOnce(
      account({
        cash: 983_000_000n,
        positions: [position({ size: '10', avg_price: '0.3', cur_price: '0.3' })],
      }),
    );
    act(() => {
      FakeSocket.all[0]!.push([
        { event_type: 'order', type: 'UPDATE', id: order.id, market: '0xc1', status: 'MATCHED' },
        { event_type: 'trade', type: 'TRADE', id: 't-1', market: '0xc1' },
      ]);
    });
    await screen.findByRole('button', { name: 'Open orders (0)' });
    expect(screen.getByRole('button', { name: 'Positions (1)' })).toBeInTheDocument();
    expect(summary()[0]).toBe('$983.00');
    // One burst, one read.
    expect(api.loadAccount).toHaveBeenCalledTimes(2);
  });

  it('says when live updates are off and what to do; reconnecting reads the account again', async () => {
    api.loadAccount.mockResolvedValue(account());
    renderInApp(<PortfolioPage />);
    await screen.findByText('Cash (free)');
    act(() => FakeSocket.all[0]!.accept());
    act(() => FakeSocket.all[0]!.drop());
    expect(screen.getByText(/Live updates are off:/).closest('p')).toHaveTextContent(
      'the connection to the server dropped, so these figures may be out of date',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect now' }));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => FakeSocket.all[1]!.accept());
    expect(screen.queryByText(/Live updates are off/)).toBeNull();
    // Nothing missed is replayed: the account is read again after the reconnection.
    await waitFor(() => expect(api.loadAccount).toHaveBeenCalledTimes(2));
  });

  it('a session the server refuses on the channel: no reconnecting, and words on what to do', async () => {
    api.loadAccount.mockResolvedValue(account());
    renderInApp(<PortfolioPage />);
    await screen.findByText('Cash (free)');
    act(() => FakeSocket.all[0]!.accept());
    act(() => FakeSocket.all[0]!.drop(4401));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your trading session has ended (its key expired or was revoked). Sign to start a new one: your orders and balance are as they were.',
    );
    expect(screen.queryByText(/Live updates are off/)).toBeNull();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('at the key limit: words for a person and a link to the Keys page, not the API text', async () => {
    const { ClobError } = await import('../../../lib/wallet/clob-request');
    api.loadAccount.mockRejectedValue(
      new ClobError(
        409,
        'KEY_LIMIT_REACHED',
        'This address already has 10 active API keys, the maximum; revoke one (DELETE /api-keys) before creating another.',
      ),
    );
    renderInApp(<PortfolioPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'You already have 10 active keys. That is the most one wallet can have, and a trading session needs one of its own: revoke a key you no longer use on the Keys page, then try again.',
    );
    expect(alert).not.toHaveTextContent('DELETE');
    expect(within(alert).getByRole('link', { name: 'Go to the Keys page' })).toHaveAttribute('href', '/keys');
  });

  it('a session key the server says has ended: forgotten, and the page says what to do', async () => {
    const { ClobError } = await import('../../../lib/wallet/clob-request');
    api.loadAccount.mockRejectedValue(
      new ClobError(
        401,
        'API_KEY_REVOKED',
        'SVC_API_KEY has been revoked; create a new key with POST /api-keys.',
      ),
    );
    renderInApp(<PortfolioPage />);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Your trading session has ended (its key expired or was revoked). Sign to start a new one',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
