import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeEvent, renderInApp } from '../../../test/render';
import { MoreInSeries } from './more-in-series';

afterEach(() => vi.unstubAllGlobals());

const series = { id: '35', slug: 'fomc', title: 'FOMC' };
const siblings = [
  makeEvent({ id: '1', slug: 'this-one', title: 'This one?' }),
  makeEvent({ id: '2', slug: 'fed-december', title: 'Fed decision in December?' }),
  makeEvent({ id: '3', slug: 'fed-october', title: 'Fed decision in October?' }),
];

describe('MoreInSeries', () => {
  it('links the other events of the series by volume, leaving out the one on screen', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(siblings, { total: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    renderInApp(<MoreInSeries series={series} exclude="1" />);
    expect(await screen.findByRole('link', { name: /Fed decision in December\?/ })).toHaveAttribute(
      'href',
      '/e/fed-december',
    );
    expect(screen.getByRole('link', { name: /Fed decision in October\?/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /This one\?/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'FOMC' })).toHaveAttribute('href', '/series/35');
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      series_id: '35',
      order: 'volume',
      ascending: 'false',
    });
  });

  it('says when they could not load, and asks again on "Try again"', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(
          { error: 'The catalog database is unavailable.', code: 'SERVICE_UNAVAILABLE' },
          { status: 503 },
        ),
      )
      .mockResolvedValue(jsonResponse(siblings, { total: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    renderInApp(<MoreInSeries series={series} exclude="1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The other events of this series could not load.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Fed decision in December\?/ })).toBeInTheDocument();
  });

  it('draws nothing for a series with no other event', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse([siblings[0]], { total: 1 })));
    const { container } = renderInApp(<MoreInSeries series={series} exclude="1" />);
    await vi.waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByRole('heading', { name: /More in/ })).toBeNull();
  });
});
