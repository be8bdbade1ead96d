import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIST_SEARCH, type ListSearch } from '../../../../contract/list-search';
import { ListToolbar } from './list-toolbar';

const search: ListSearch = { ...DEFAULT_LIST_SEARCH };

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ListToolbar', () => {
  it('shows a choice at once, and keeps it while the URL catches up', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ListToolbar search={search} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'liquidity' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'liquidity', page: 1 });
    // Something renders the toolbar again before the URL has the new sort.
    rerender(<ListToolbar search={{ ...search }} onChange={onChange} />);
    expect(screen.getByLabelText<HTMLSelectElement>('Sort').value).toBe('liquidity');
    // The URL has it: from now on the URL's value is shown, and a later Back to volume is too.
    rerender(<ListToolbar search={{ ...search, sort: 'liquidity' }} onChange={onChange} />);
    rerender(<ListToolbar search={{ ...search, sort: 'volume' }} onChange={onChange} />);
    expect(screen.getByLabelText<HTMLSelectElement>('Sort').value).toBe('volume');
  });

  it('a pick that hydrates the page is handed over early, and its own change event does not undo it', () => {
    const onChange = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ListToolbar search={search} onChange={() => {}} />);
    document.body.append(container);
    const select = container.querySelector<HTMLSelectElement>('select')!;
    // The option is picked on the server's HTML; its `change` event comes once React has hydrated
    // (the pick's `input` event made it hydrate) and handed the choice over.
    select.value = 'liquidity';
    const { rerender } = render(<ListToolbar search={search} onChange={onChange} />, {
      container,
      hydrate: true,
    });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'liquidity', page: 1 });
    rerender(<ListToolbar search={{ ...search }} onChange={onChange} />);
    fireEvent.change(select);
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'liquidity', page: 1 });
    expect(onChange.mock.calls.some(([patch]) => patch.sort === 'volume')).toBe(false);
  });
});
