import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_MS, announce, LiveRegion } from './live-region';

describe('the live region', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says a message, says it again when repeated, and lets it go once it is stale', () => {
    render(<LiveRegion />);
    const region = screen.getByRole('status');
    act(() => announce('Link copied'));
    act(() => vi.advanceTimersByTime(50));
    expect(region).toHaveTextContent('Link copied');
    // Repeated: cleared first, so a screen reader hears it again.
    act(() => announce('Link copied'));
    expect(region).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(50));
    expect(region).toHaveTextContent('Link copied');
    act(() => vi.advanceTimersByTime(ANNOUNCEMENT_MS - 1));
    expect(region).toHaveTextContent('Link copied');
    act(() => vi.advanceTimersByTime(1));
    expect(region).toHaveTextContent('');
  });
});
