import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeMarket } from '../../../lib/decode-market';
import { OutcomeBars } from './outcome-bars';

const market = (prices: string) => decodeMarket({ outcomes: '["Cowboys","Titans"]', outcomePrices: prices });

describe('the outcome bars', () => {
  it('say to a screen reader whether the first outcome leads, won, or was highest at the close', () => {
    const { rerender } = render(<OutcomeBars decoded={market('["0.6","0.4"]')} />);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe('Cowboys (leading)60.0%');
    rerender(<OutcomeBars decoded={market('["1","0"]')} closed />);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe('Cowboys (won)100.0%');
    rerender(<OutcomeBars decoded={market('["0.6","0.4"]')} closed />);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe('Cowboys (highest at the close)60.0%');
  });
});
