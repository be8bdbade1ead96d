import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeEvent, renderInApp, XSS_TITLE } from '../../../test/render';
import { StarButton } from '../../../components/star-button';
import { sharedSlugs, WatchlistPage, watchlistLink } from './watchlist-page';
import { addWatched, cleanSlugs, toggleWatched, WATCHLIST_MAX, watchedSlugs } from '../../../lib/watchlist';

const KEY = 'marketdesk-watchlist';

beforeEach(() => {
  localStorage.clear();
  // The store caches what it read: a storage event with a null key (a clear) makes it read again.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the watchlist store', () => {
  it('keeps slugs in localStorage, newest first, and toggles them off', () => {
    toggleWatched('a');
    toggleWatched('b');
    expect(watchedSlugs()).toEqual(['b', 'a']);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['b', 'a']);
    toggleWatched('a');
    expect(watchedSlugs()).toEqual(['b']);
  });

  it('ignores what is not a list of slugs in storage, and stops at the limit', () => {
    localStorage.setItem(KEY, '{"not":"a list"}');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(watchedSlugs()).toEqual([]);
    expect(cleanSlugs(['x', 'x', 3, '', 'a\u0000b', 'y'])).toEqual(['x', 'y']);
    const many = Array.from({ length: WATCHLIST_MAX }, (_, i) => `e${i}`);
    expect(addWatched(many)).toBe(WATCHLIST_MAX);
    expect(toggleWatched('one-more')).toBe(false);
    expect(watchedSlugs()).toHaveLength(WATCHLIST_MAX);
  });

  it('adds a shared list after the kept slugs, counting only the new ones', () => {
    toggleWatched('mine');
    expect(addWatched(['mine', 'theirs'])).toBe(1);
    expect(watchedSlugs()).toEqual(['mine', 'theirs']);
  });

  it('round-trips a list through its link', () => {
    const link = watchlistLink(['a', 'b c', 'd'], 'https://desk.example');
    expect(link).toBe('https://desk.example/watchlist?add=a,b%20c,d');
    expect(sharedSlugs(decodeURIComponent(new URL(link).searchParams.get('add')!))).toEqual([
      'a',
      'b c',
      'd',
    ]);
    expect(sharedSlugs(undefined)).toEqual([]);
  });
});

describe('StarButton', () => {
  it('is a toggle named by the event, announced, and follows changes from another tab', async () => {
    renderInApp(<StarButton slug="rain" title="Will it rain?" />);
    const star = await screen.findByRole('button', { name: 'Watch: Will it rain?' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(watchedSlugs()).toEqual(['rain']);
    // Another tab takes it off.
    act(() => {
      localStorage.setItem(KEY, '[]');
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect(star).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('WatchlistPage', () => {
  it('says what to do when empty', async () => {
    renderInApp(<WatchlistPage />);
    expect(await screen.findByText('Your watchlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse top markets' })).toHaveAttribute('href', '/');
  });

  it('shows the watched events in the order starred, with one request, titles as text', async () => {
    toggleWatched('one');
    toggleWatched('two');
    const fetchMock = vi.fn(async () =>
      jsonResponse([
        makeEvent({ id: '1', slug: 'one', title: XSS_TITLE }),
        makeEvent({ id: '2', slug: 'two', title: 'Second?' }),
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderInApp(<WatchlistPage />);
    const links = await screen.findAllByRole('link', { name: /Second\?|script/ });
    expect(links.map((l) => l.textContent)).toEqual(['Second?', XSS_TITLE]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('slug=two&slug=one');
    expect(document.querySelector('img[src=x]')).toBeNull();
  });

  it('opened from a shared link, adds its events only when asked, keeping the stars already there', async () => {
    toggleWatched('mine');
    vi.stubGlobal('fetch', async () =>
      jsonResponse([makeEvent({ id: '5', slug: 'theirs', title: 'Theirs?' })]),
    );
    renderInApp(<WatchlistPage add="theirs" />);
    expect(await screen.findByRole('heading', { name: 'Shared watchlist' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Theirs?' })).toBeInTheDocument();
    expect(watchedSlugs()).toEqual(['mine']);
    await userEvent.click(screen.getByRole('button', { name: 'Add all to my watchlist' }));
    await waitFor(() => expect(watchedSlugs()).toEqual(['mine', 'theirs']));
  });
});
