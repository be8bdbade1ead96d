import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureEarlyInput, useEarlyInput } from './use-early-input';

function Pick({ value, onEarly }: { value: string; onEarly: (v: string) => void }) {
  const early = useEarlyInput<HTMLSelectElement>('pick', value, onEarly);
  return (
    <select {...early} aria-label="Pick" value={value} onChange={() => {}}>
      <option value="a">A</option>
      <option value="b">B</option>
    </select>
  );
}

function Text({ value, onEarly }: { value: string; onEarly: (v: string) => void }) {
  const early = useEarlyInput<HTMLInputElement>('text', value, onEarly);
  return <input {...early} aria-label="Text" value={value} onChange={() => {}} />;
}

/** The server's HTML of `ui` in a container of the document. */
function serverPage(ui: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useEarlyInput', () => {
  it('hands over an option chosen in the server HTML once the control hydrates', () => {
    const onEarly = vi.fn();
    const container = serverPage(<Pick value="a" onEarly={() => {}} />);
    container.querySelector('select')!.value = 'b';
    render(<Pick value="a" onEarly={onEarly} />, { container, hydrate: true });
    expect(onEarly).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('hands over what was noted before hydrating when the control is rendered again from scratch', () => {
    const onPick = vi.fn();
    const onText = vi.fn();
    const container = serverPage(
      <>
        <Pick value="a" onEarly={() => {}} />
        <Text value="" onEarly={() => {}} />
      </>,
    );
    container.querySelector('select')!.value = 'b';
    container.querySelector('input')!.value = 'Fed';
    captureEarlyInput(container);
    // React gives up hydrating and renders anew: the server's values are back on screen.
    container.innerHTML = '';
    render(
      <>
        <Pick value="a" onEarly={onPick} />
        <Text value="" onEarly={onText} />
      </>,
      { container },
    );
    expect(onPick).toHaveBeenCalledExactlyOnceWith('b');
    expect(onText).toHaveBeenCalledExactlyOnceWith('Fed');
  });

  it('notes nothing for untouched controls, and hands a noted value over only once', () => {
    const container = serverPage(
      <>
        <Pick value="a" onEarly={() => {}} />
        <Text value="x" onEarly={() => {}} />
      </>,
    );
    container.querySelector('select')!.value = 'b';
    captureEarlyInput(container);
    const first = vi.fn();
    const again = vi.fn();
    const untouched = vi.fn();
    render(
      <>
        <Pick value="a" onEarly={first} />
        <Text value="x" onEarly={untouched} />
      </>,
    );
    render(<Pick value="a" onEarly={again} />);
    expect(first).toHaveBeenCalledExactlyOnceWith('b');
    expect(again).not.toHaveBeenCalled();
    expect(untouched).not.toHaveBeenCalled();
  });
});
