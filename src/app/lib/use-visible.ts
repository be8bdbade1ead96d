import { type RefObject, useEffect, useState } from 'react';

/** Whether the element is on screen (or near it); false until the browser says so, and without IntersectionObserver. */
export function useVisible(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? false), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
  return visible;
}
