import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type LiveBook, emptyBook } from '../../../lib/live/book-state';
import type { TradableMarket } from '../tradable';
import { previewTicket, uncovered } from './preview';
import TicketPanel, { FAR_FROM_MID, pastMid, previewPastMid } from './ticket-panel';

const market: TradableMarket = {
  id: '1',
  conditionId: '0x1',
  question: 'Rain?',
  name: 'Rain?',
  outcomes: [
    { label: 'Yes', price: 0.5, tokenId: '11' },
    { label: 'No', price: 0.5, tokenId: '22' },
  ],
  bookToken: '11',
  negRisk: false,
  tick: 100,
  minSize: 500,
  volume: 0,
};

const book: LiveBook = {
  ...emptyBook('11'),
  bids: new Map([
    [4500, 10],
    [4000, 10],
  ]),
  asks: new Map([
    [5000, 10],
    [6000, 20],
  ]),
};

/** The preview's figures, in order. */
const ignore = () => {};
const figures = () => screen.getAllByRole('definition').map((d) => d.textContent);

describe('the trade ticket', () => {
  it('shows the engine preview of a market buy, outcome prices in cents, and no wallet until asked', () => {
    render(<TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} />);
    expect(screen.getByRole('button', { name: 'Yes 50¢' })).toBeTruthy();
    // Buying No takes the mirrored best bid: 100 − 45 = 55¢.
    expect(screen.getByRole('button', { name: 'No 55¢' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '10' } });
    const expected = previewTicket(book, { outcome: 0, side: 'BUY', kind: 'market', amount: 10 })!;
    expect(expected.size).toBe(1833);
    // Average 54.54¢ (the engine's cash / shares), 18.33 shares, $10.00 (9.998 rounded), to win $18.33.
    expect(figures()).toEqual(['54.54¢', '18.33', '$10.00', '$18.33', '4.54¢']);
    expect(screen.getByRole('button', { name: 'Connect a wallet to trade' })).toBeTruthy();
    // Before anyone is asked to connect or sign: what is at stake.
    expect(screen.getByText(/^Paper money only: .*nothing real is at stake\.$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Sign to/ })).toBeNull();
  });

  it('says its prices are as they were while the live connection is down', () => {
    const { rerender } = render(
      <TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} stale />,
    );
    const note = screen.getByRole('status');
    expect(note.textContent).toMatch(/^Prices as they were when the live connection dropped/);
    const preview = () => document.querySelector('dl[aria-label="Preview"]')!;
    expect(preview().getAttribute('aria-describedby')).toBe(note.id);
    rerender(<TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} />);
    expect(screen.queryByText(/live connection dropped/)).toBeNull();
    expect(preview().hasAttribute('aria-describedby')).toBe(false);
  });

  it('refuses a limit price off the tick or a size under the minimum, in words', () => {
    render(<TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} />);
    fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
    fireEvent.change(screen.getByLabelText('Limit price (¢)'), { target: { value: '30.5' } });
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '10' } });
    expect(screen.getByRole('alert').textContent).toBe('Prices move in steps of 1¢: try 30¢ or 31¢.');
    // The field it is about is marked invalid and described by it, for whoever comes back to it.
    const limit = screen.getByLabelText('Limit price (¢)');
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').id).toBe(limit.getAttribute('aria-describedby'));
    expect(screen.getByLabelText('Shares').hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(screen.getByLabelText('Limit price (¢)'), { target: { value: '30' } });
    expect(limit.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '12.345' } });
    expect(screen.getByRole('alert').textContent).toBe('Shares go in hundredths: try 12.34 or 12.35.');
    expect(screen.getByLabelText('Shares').getAttribute('aria-invalid')).toBe('true');
    // Hundredths as typed: 10.12 × 100 is 1011.9999999999999 in binary, and a trial saw it refused.
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '10.12' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '4' } });
    expect(screen.getByRole('alert').textContent).toBe('The smallest order that can rest is 5 shares.');
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '10' } });
    expect(screen.queryByRole('alert')).toBeNull();
    // Resting only: nothing now, 10 resting, $3.00 committed, $10.00 to win.
    expect(figures()).toEqual(['—', '0 / 10', '$3.00', '$10.00', '—']);
    // A resting sell says what it brings once filled, not the $0.00 it brings now.
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.change(screen.getByLabelText('Limit price (¢)'), { target: { value: '60' } });
    expect(figures()).toEqual(['—', '0 / 10', '$6.00', '—']);
  });

  it('reads a price typed in dollars as one, and says the field is in cents', () => {
    render(<TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} />);
    fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '10' } });
    for (const typed of ['$0.30', '0.30', '.3']) {
      fireEvent.change(screen.getByLabelText('Limit price (¢)'), { target: { value: typed } });
      expect(screen.getByRole('alert').textContent).toBe('Prices go in cents: type 30 for 30¢.');
      expect(screen.queryByRole('button', { name: /^Sign to|at 0\.3¢/ })).toBeNull();
    }
    fireEvent.change(screen.getByLabelText('Limit price (¢)'), { target: { value: '30' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a price or amount that is no number to type one, and previews nothing (never throws)', () => {
    render(<TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} />);
    fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '10' } });
    for (const typed of ['30,5', '30c', 'abc']) {
      fireEvent.change(screen.getByLabelText('Limit price (¢)'), { target: { value: typed } });
      expect(screen.getByRole('alert').textContent).toBe(
        // An example this 1¢ market takes.
        'Type the limit price in cents as a number, like 42 (a point for decimals, commas only between thousands).',
      );
    }
    fireEvent.change(screen.getByLabelText('Limit price (¢)'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe('The shares must be more than 0.');
    fireEvent.change(screen.getByLabelText('Limit price (¢)'), { target: { value: '30¢' } });
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '1,5' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Type the shares as a number, like 12.5 (a point for decimals, commas only between thousands).',
    );
    // Thousands written as people write them: 1,000 shares rest at 30¢.
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '1,000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(figures()).toEqual(['—', '0 / 1,000', '$300.00', '$1,000.00', '—']);
    expect(
      previewTicket(book, { outcome: 0, side: 'BUY', kind: 'limit', amount: 10, limitPrice: Number.NaN }),
    ).toBeNull();
    expect(
      previewTicket(book, { outcome: 0, side: 'BUY', kind: 'limit', amount: 1e300, limitPrice: 3000 }),
    ).toBeNull();
  });

  it('names the outcome with its market when the event has several', () => {
    render(
      <TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} marketName="Fulham" />,
    );
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '20' } });
    expect(screen.getByRole('status').textContent).toBe(
      'Only $17.00 of Yes (Fulham) is for sale now: the other $3.00 would not be spent.',
    );
  });

  it('says when a market order is more than the book holds, and refuses sizes no one holds', () => {
    render(<TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} />);
    // The asks hold $5 + $12 of Yes: $20 leaves $3 unspent.
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '20' } });
    expect(screen.getByRole('status').textContent).toBe(
      'Only $17.00 of Yes is for sale now: the other $3.00 would not be spent.',
    );
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '1e21' } });
    expect(screen.getByRole('alert').textContent).toBe('That is more money than any account here holds.');
    // Never rounded out of sight: $10.005 would have cost $10.01.
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '10.005' } });
    expect(screen.getByRole('alert').textContent).toBe('Amounts go in cents: try $10.00 or $10.01.');
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '0.001' } });
    expect(screen.getByRole('alert').textContent).toBe('Amounts go in cents: the smallest is $0.01.');
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe('The amount must be more than $0.');
    expect(figures()).toEqual(['—', '—', '—', '—', '—']);
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    // The bids take 20 shares.
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '25' } });
    expect(screen.getByRole('status').textContent).toBe(
      'Only 20 of the 25 shares can be sold now: the bids run out there, and the rest would not be sold.',
    );
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '0.001' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Shares go in hundredths: the smallest order is 0.01.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says what the wallet cannot cover, as the exchange counts it', () => {
    // A limit buy needs price × size ($3 for 10 at 30¢), a market buy its budget, a sell its shares.
    const limit = { side: 'BUY' as const, price: 3000, size: 1000 };
    expect(uncovered(limit, 3_000_000n, 'Yes')).toBeNull();
    expect(uncovered(limit, 2_500_000n, 'Yes')).toBe('This order needs $3.00 and you have $2.50 free.');
    expect(uncovered({ ...limit, budget: 5_000_000 }, 4_000_000n, 'Yes')).toBe(
      'This order needs $5.00 and you have $4.00 free.',
    );
    // Free cash is rounded down, so the figure shown can be spent and the refusal never says X needs X.
    const market = { side: 'BUY' as const, price: 8900, size: 0 };
    expect(uncovered({ ...market, budget: 991_910_000 }, 991_907_100n, 'Yes')).toBe(
      'This order needs $991.91 and you have $991.90 free.',
    );
    expect(uncovered({ ...market, budget: 991_900_000 }, 991_907_100n, 'Yes')).toBeNull();
    // A limit buy's price × size can need a fraction of a cent: both then read exactly.
    expect(uncovered({ side: 'BUY', price: 7123, size: 702 }, 5_000_100n, 'Yes')).toBe(
      'This order needs $5.000346 and you have $5.0001 free.',
    );
    const sell = { side: 'SELL' as const, price: 3000, size: 1000 };
    expect(uncovered(sell, 10_000_000n, 'No')).toBeNull();
    expect(uncovered(sell, 9_990_000n, 'No')).toBe('You have 9.99 No shares free to sell.');
    // Shares free are rounded down: 9.999 is not "10", which would then be refused.
    expect(uncovered(sell, 9_999_000n, 'No')).toBe('You have 9.99 No shares free to sell.');
    // None at all: the bet a sell of them would make is a buy of the other outcome.
    expect(uncovered(sell, 0n, 'No', 'Yes')).toBe(
      'You have no No shares to sell. To bet against No, buy Yes.',
    );
  });

  it('a market sell previews what the bids pay', () => {
    render(<TicketPanel market={market} book={book} outcome={0} onOutcomeChange={ignore} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(screen.getByRole('button', { name: 'Yes 45¢' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Shares'), { target: { value: '15' } });
    // 10 at 45¢ + 5 at 40¢ = $6.50, average 43.33¢.
    expect(figures()).toEqual(['43.33¢', '15', '$6.50', '1.67¢']);
  });

  it('asks to confirm only an order that can trade far past the midpoint the costly way', () => {
    // Mid 82¢: a buy limit at 3¢ waits below it, a sell limit at 95¢ above it: no warning.
    expect(pastMid('BUY', 300, 8200)).toBeLessThan(0);
    expect(pastMid('SELL', 9500, 8200)).toBeLessThan(0);
    // A buy that can pay 95¢ and a sell that can take 60¢ are 13¢ and 22¢ past it.
    expect(pastMid('BUY', 9500, 8200)).toBe(1300);
    expect(pastMid('SELL', 6000, 8200)).toBe(2200);
    expect(pastMid('BUY', 9200, 8200) > FAR_FROM_MID).toBe(false);
  });

  it('measures a limit order from the midpoint where it can trade now, not at its limit', () => {
    const mid = 4750;
    const limitBuy = (shares: number) =>
      previewTicket(book, { outcome: 0, side: 'BUY', kind: 'limit', amount: shares, limitPrice: 9500 });
    // 5 shares at 95¢ fill at once on the 50¢ ask: 2.5¢ past the mid, no warning.
    expect(previewPastMid(limitBuy(5), 'BUY', mid)).toBe(250);
    // 25 shares take 50¢ and 60¢ (12.5¢ past): warned at the 60¢ they reach.
    expect(previewPastMid(limitBuy(25), 'BUY', mid)).toBe(1250);
    // 40 shares leave 10 resting at 95¢, where someone may sell to them: warned at 95¢.
    expect(previewPastMid(limitBuy(40), 'BUY', mid)).toBe(4750);
    expect(previewPastMid(null, 'BUY', mid)).toBe(0);
  });
});
