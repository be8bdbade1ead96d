import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../api/account';
import { HistoryTable } from './history-table';

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
  });
});
