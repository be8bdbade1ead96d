import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render';
import { TopBar } from './top-bar';

/** The top bar on `/`, its search field, the router (for the URL) and a user to type. */
async function renderSearch() {
  const user = userEvent.setup();
  const { router } = renderInApp(<TopBar />);
  const field = await screen.findByRole('searchbox', { name: 'Search events by title' });
  return { user, router, field };
}

describe('TopBar search', () => {
  it('puts the trimmed text in the URL after a pause and keeps the typed space for the next word', async () => {
    const { user, router, field } = await renderSearch();
    await user.type(field, 'fed ');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'fed' }));
    expect(field).toHaveValue('fed ');
    await user.type(field, 'rate');
    expect(field).toHaveValue('fed rate');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'fed rate' }));
  });

  it('shows what the URL says when back or a link changes the search', async () => {
    const { user, router, field } = await renderSearch();
    await user.type(field, 'fed');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'fed' }));
    await router.navigate({ to: '/', search: { q: 'election' } });
    await waitFor(() => expect(field).toHaveValue('election'));
  });
});

describe('TopBar menu (narrow screens)', () => {
  it('opens with its button and closes on Escape, focus back on the button', async () => {
    const user = userEvent.setup();
    renderInApp(<TopBar />);
    const button = await screen.findByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById('mobile-nav')!;
    await user.click(within(menu).getByRole('link', { name: 'Tags' }).closest('nav')!);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-nav')).toBeNull();
    expect(button).toHaveFocus();
  });
});
