import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeEvent, renderInApp } from '../../../test/render';
import { DEFAULT_LIST_SEARCH } from '../../../../contract/list-search';
import { ListView } from './list-view';

afterEach(() => vi.unstubAllGlobals());

describe('ListView', () => {
  it('asks for the view in the URL, shows the skeleton, then rows and "x–y of N" from X-Total-Count', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const fetchMock = vi.fn(async (_url: string) => {
      await gate;
      return jsonResponse([makeEvent(), makeEvent({ id: '2', slug: 'two', title: 'Second?' })], {
        total: 42,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderInApp(
      <ListView
        heading="Top markets"
        search={{ ...DEFAULT_LIST_SEARCH, page: 2, size: 20 }}
        onSearchChange={() => {}}
      />,
    );
    expect(await screen.findByTestId('event-list-skeleton')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=20&offset=20',
    );
    release();
    expect(await screen.findByRole('link', { name: 'Second?' })).toBeInTheDocument();
    expect(screen.getByTestId('page-range')).toHaveTextContent('21–40 of 42');
    expect(screen.getByText('42 events')).toBeInTheDocument();
    expect(screen.queryByTestId('event-list-skeleton')).toBeNull();
  });

  it('the toolbar reports changes (which the route puts in the URL); pagination links to the pages of this view', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([makeEvent()], { total: 45 })),
    );
    const onSearchChange = vi.fn();
    const { router } = renderInApp(
      <ListView heading="Top markets" search={DEFAULT_LIST_SEARCH} onSearchChange={onSearchChange} />,
    );
    await screen.findByRole('link', { name: 'Will it rain tomorrow?' });
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'endDate');
    expect(onSearchChange).toHaveBeenLastCalledWith({ sort: 'endDate', page: 1 });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(onSearchChange).toHaveBeenLastCalledWith({ status: 'all', page: 1 });
    const next = screen.getByRole('link', { name: /Next/ });
    expect(next).toHaveAttribute('href', '/?page=2');
    // Page 1: "Previous" is there, dimmed, but not a link.
    expect(screen.getByText(/Previous/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();
    await userEvent.click(next);
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
  });

  it('an error shows the contract sentence and a retry that asks again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(
          { error: 'The catalog database is unavailable; try again shortly.', code: 'SERVICE_UNAVAILABLE' },
          { status: 503 },
        ),
      )
      .mockResolvedValue(jsonResponse([makeEvent()], { total: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient } = renderInApp(
      <ListView heading="Top markets" search={DEFAULT_LIST_SEARCH} onSearchChange={() => {}} />,
    );
    queryClient.setDefaultOptions({ queries: { retry: false } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The catalog database is unavailable; try again shortly.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Will it rain tomorrow?' })).toBeInTheDocument();
  });

  /** The top list searched for `q`, with nothing found. */
  const searchFindingNothing = (q: string) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([], { total: 0 })),
    );
    renderInApp(
      <ListView heading="Top markets" search={{ ...DEFAULT_LIST_SEARCH, q }} onSearchChange={() => {}} />,
    );
  };

  it('empty results say so', async () => {
    searchFindingNothing('zzz');
    expect(await screen.findByText('No events match this view.')).toBeInTheDocument();
    expect(screen.getByText('Try another search, or set the status filter to All.')).toBeInTheDocument();
  });

  it('a search of several words that finds nothing says it matches the words as typed', async () => {
    searchFindingNothing('dolphins titans');
    expect(
      await screen.findByText(
        'The search finds titles holding “dolphins titans” as typed, words in that order: try fewer words, or set the status filter to All.',
      ),
    ).toBeInTheDocument();
  });

  it('a page past the end offers the first page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([], { total: 5 })),
    );
    const onSearchChange = vi.fn();
    renderInApp(
      <ListView
        heading="Top markets"
        search={{ ...DEFAULT_LIST_SEARCH, page: 9 }}
        onSearchChange={onSearchChange}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    expect(onSearchChange).toHaveBeenCalledWith({ page: 1 });
  });
});
