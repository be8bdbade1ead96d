import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../api/account';
import { HistoryTable, ownPart } from './history-table';

describe('the trade history', () => {
  it('dates each trade with its zone named, as the event pages do', () => {
    const trade = {
      id: 't1',
      trader_side: 'TAKER',
      side: 'BUY',
      outcome: 'Yes',
      size: '10',
      price: '0.5',
      market: '0xc1',
      match_time: String(Date.UTC(2026, 10, 28, 20, 10, 47) / 1000),
      maker_address: '0xabc',
      maker_orders: [],
    } as unknown as Account['trades'][number];
    render(<HistoryTable trades={[trade]} links={new Map()} />);
    const when = screen.getByRole('row', { name: /Bought Yes/ }).querySelector('time')!;
    expect(when.getAttribute('datetime')).toBe('2026-11-28T20:10:47.000Z');
    expect(when.textContent).toMatch(/^Nov 2[89], 2026, \d{1,2}:\d\d [AP]M (UTC|GMT[+-]\d{1,2}(:\d\d)?)$/);
    // Wider than a phone, it scrolls in a region the keyboard can reach (and scroll with the arrows).
    const region = screen.getByRole('region', { name: 'Trade history, newest first' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table'))).toBe(true);
  });

  const trade = (fields: object) =>
    ({
      id: 't',
      market: '0xc1',
      match_time: '0',
      maker_address: '0xme',
      ...fields,
    }) as unknown as Account['trades'][number];
  const maker = (address: string, outcome: string, side: string, matched: string, price: string) => ({
    maker_address: address,
    outcome,
    side,
    matched_amount: matched,
    price,
  });

  it("gives a taker's amount from each maker's price, or its complement across a full set", () => {
    // 10 Yes bought: 4 from a Yes seller at 52¢, 6 minted with a No buyer at 47¢ (so 53¢ for Yes).
    const part = ownPart(
      trade({
        trader_side: 'TAKER',
        side: 'BUY',
        outcome: 'Yes',
        size: '10',
        price: '0.5260',
        maker_orders: [maker('0xa', 'Yes', 'SELL', '4', '0.52'), maker('0xb', 'No', 'BUY', '6', '0.47')],
      }),
    );
    expect(part).toMatchObject({ words: 'Bought Yes', shares: 10, price: 5260 });
    expect(part.dollars).toBeCloseTo(4 * 0.52 + 6 * 0.53, 9);
  });

  it("gives a maker only its own orders' part, at its own prices", () => {
    const part = ownPart(
      trade({
        trader_side: 'MAKER',
        side: 'BUY',
        outcome: 'No',
        size: '12.5',
        price: '0.3',
        maker_orders: [
          maker('0xME', 'Yes', 'BUY', '2.25', '0.7'),
          maker('0xother', 'Yes', 'BUY', '10.25', '0.7'),
        ],
      }),
    );
    expect(part).toMatchObject({ words: 'Bought Yes (your order filled)', shares: 2.25, price: 7000 });
    expect(part.dollars).toBeCloseTo(1.575, 9);
  });

  it('shows the amount to the base unit where a fraction of a cent moved', () => {
    const t = trade({
      trader_side: 'TAKER',
      side: 'SELL',
      outcome: 'Yes',
      size: '2.25',
      price: '0.7',
      maker_orders: [maker('0xa', 'Yes', 'BUY', '2.25', '0.7')],
    });
    render(<HistoryTable trades={[t]} links={new Map()} />);
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Sold Yes/ }).textContent).toContain('$1.575');
  });
});
