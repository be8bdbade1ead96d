import { type RefObject, useEffect, useRef } from 'react';

type Control = HTMLInputElement | HTMLSelectElement;

/** Values of the server's controls that people changed before the page hydrated, by `data-early` name. */
const captured = new Map<string, string>();

/**
 * Notes the value of every control of the server's HTML that differs from what the server rendered,
 * just before hydrating. React may yet render a part of the page again from scratch instead of
 * hydrating it (a boundary updated before it hydrated), which would put the server's value back on
 * screen and lose the early one: this copy survives that.
 */
export function captureEarlyInput(root: ParentNode): void {
  for (const el of root.querySelectorAll<Control>('[data-early]')) {
    const changed =
      el instanceof HTMLSelectElement
        ? [...el.options].some((o) => o.selected !== o.defaultSelected)
        : el.value !== el.defaultValue;
    if (changed && el.dataset.early) captured.set(el.dataset.early, el.value);
  }
}

/**
 * For a control in the server's HTML, which people can use before the page hydrates: React keeps its
 * own state then, so text typed or an option chosen early stays on screen without taking effect.
 * Once mounted, this hands such a value to `onEarlyChange` (once), as if it had been changed now: the
 * one on screen if it differs, else the one `captureEarlyInput` noted. Spread the result on the control;
 * `name` must be unique on a page.
 */
export function useEarlyInput<T extends Control>(
  name: string,
  current: string,
  onEarlyChange: (value: string) => void,
): { ref: RefObject<T | null>; 'data-early': string } {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the value on screen at mount is early
  useEffect(() => {
    const noted = captured.get(name);
    captured.delete(name);
    const onScreen = ref.current?.value;
    const early = onScreen !== undefined && onScreen !== current ? onScreen : noted;
    if (early !== undefined && early !== current) onEarlyChange(early);
  }, []);
  return { ref, 'data-early': name };
}
