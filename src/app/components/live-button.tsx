import type { ButtonHTMLAttributes, Ref } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A button of the server-rendered HTML, which can do nothing before the page hydrates: it is
 * disabled until then, so an early click is visibly not taken rather than silently lost.
 */
export function LiveButton({
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { ref?: Ref<HTMLButtonElement> }) {
  const hydrated = useHydrated();
  return <button type="button" {...props} disabled={!hydrated || disabled} />;
}
