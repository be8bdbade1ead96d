import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOW_TICK_MS } from '../lib/use-now';
import { EndsText } from './ends-text';

afterEach(() => vi.useRealTimers());

describe('EndsText', () => {
  it('counts down while on screen and says the end date passed once it has (the event still open)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T12:00:00.000Z'));
    const { unmount } = render(
      <p data-testid="ends">
        <EndsText iso="2026-11-23T12:03:00.000Z" closed={false} />
      </p>,
    );
    expect(screen.getByTestId('ends')).toHaveTextContent('ends in 3m');
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByTestId('ends')).toHaveTextContent('ends in 1m');
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByTestId('ends')).toHaveTextContent(/^end date passed 1m ago$/);
    unmount();
    // The one shared timer stops with the last relative time on screen.
    expect(vi.getTimerCount()).toBe(0);
    expect(NOW_TICK_MS).toBeLessThanOrEqual(60_000);
  });
});
