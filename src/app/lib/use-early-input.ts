import { type RefObject, useEffect, useRef } from 'react';

/**
 * For a control in the server's HTML, which people can use before the page hydrates: React keeps its
 * own state then, so text typed or an option chosen early stays on screen without taking effect.
 * Once mounted, this hands such a value to `onEarlyChange` (once), as if it had been changed now.
 */
export function useEarlyInput<T extends HTMLInputElement | HTMLSelectElement>(
  current: string,
  onEarlyChange: (value: string) => void,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the value on screen at mount is early
  useEffect(() => {
    const onScreen = ref.current?.value;
    if (onScreen !== undefined && onScreen !== current) onEarlyChange(onScreen);
  }, []);
  return ref;
}
