import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderInApp } from '../../../test/render';
import { TagStrip } from './tag-strip';

afterEach(() => vi.unstubAllGlobals());

describe('TagStrip', () => {
  it('lists the busiest tags, each link named with its count of active events (what its page lists)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse([
          { id: '7', label: 'Weather', slug: 'weather', eventCount: 5000, activeEventCount: 1 },
          { id: '2', label: 'Politics', slug: 'politics', eventCount: 2000, activeEventCount: 1234 },
        ]),
      ),
    );
    renderInApp(<TagStrip />);
    expect(await screen.findByRole('link', { name: 'Politics 1,234 active events' })).toHaveAttribute(
      'href',
      '/tags/2',
    );
    expect(screen.getByRole('link', { name: 'Weather 1 active event' })).toHaveAttribute('href', '/tags/7');
    // Busiest by active events: Politics first, though Weather has more events in all.
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/tags/2', '/tags/7']);
  });

  it('says when the tags could not load and asks again on "Try again"', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(
          { error: 'The catalog database is unavailable.', code: 'SERVICE_UNAVAILABLE' },
          { status: 503 },
        ),
      )
      .mockResolvedValue(
        jsonResponse([{ id: '2', label: 'Politics', slug: 'politics', eventCount: 9, activeEventCount: 3 }]),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderInApp(<TagStrip />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Popular tags could not load.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Politics 3 active events' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
