import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render';
import { TopBar } from './top-bar';

describe('TopBar search', () => {
  it('puts the trimmed text in the URL after a pause and keeps the typed space for the next word', async () => {
    const user = userEvent.setup();
    const { router } = renderInApp(<TopBar />);
    const field = await screen.findByRole('searchbox', { name: 'Search events by title' });
    await user.type(field, 'fed ');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'fed' }));
    expect(field).toHaveValue('fed ');
    await user.type(field, 'rate');
    expect(field).toHaveValue('fed rate');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'fed rate' }));
  });

  it('shows what the URL says when back or a link changes the search', async () => {
    const user = userEvent.setup();
    const { router } = renderInApp(<TopBar />);
    const field = await screen.findByRole('searchbox', { name: 'Search events by title' });
    await user.type(field, 'fed');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'fed' }));
    await router.navigate({ to: '/', search: { q: 'election' } as never });
    await waitFor(() => expect(field).toHaveValue('election'));
  });
});
