import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderInApp } from '../../../test/render';
import { TagStrip } from './tag-strip';

afterEach(() => vi.unstubAllGlobals());

describe('TagStrip', () => {
  it('lists the busiest tags, each link named with its event count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse([
          { id: '2', label: 'Politics', slug: 'politics', eventCount: 1234 },
          { id: '7', label: 'Weather', slug: 'weather', eventCount: 1 },
        ]),
      ),
    );
    renderInApp(<TagStrip />);
    expect(await screen.findByRole('link', { name: 'Politics 1,234 events' })).toHaveAttribute(
      'href',
      '/tags/2',
    );
    expect(screen.getByRole('link', { name: 'Weather 1 event' })).toHaveAttribute('href', '/tags/7');
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
      .mockResolvedValue(jsonResponse([{ id: '2', label: 'Politics', slug: 'politics', eventCount: 3 }]));
    vi.stubGlobal('fetch', fetchMock);
    renderInApp(<TagStrip />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Popular tags could not load.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Politics 3 events' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
