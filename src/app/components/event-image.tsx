import { useCallback, useState } from 'react';
import { safeImageUrl } from '../lib/safe-url';

/**
 * The sizes images are shown at, in px, and their classes: sized by class, never by a style
 * attribute, which the CSP refuses in server-rendered HTML (style-src without 'unsafe-inline').
 */
const SIZES = { 40: 'size-10', 48: 'size-12', 72: 'size-18' } as const;

interface EventImageProps {
  src: string;
  /** Rendered size in px (square); fixed so nothing moves when the image arrives. */
  size: keyof typeof SIZES;
  className?: string;
  eager?: boolean;
}

/** An untrusted catalog image: shown only for http(s) or same-origin URLs, else (or on error) a neutral tile. */
export function EventImage({ src, size, className = '', eager = false }: EventImageProps) {
  const url = safeImageUrl(src);
  const [failed, setFailed] = useState(false);
  // An image in server-rendered HTML may fail before hydration attaches onError: look once it is hydrated.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    // decode() rejects for a broken image (naturalWidth cannot tell: an SVG may have none).
    if (img?.complete && typeof img.decode === 'function') img.decode().catch(() => setFailed(true));
  }, []);
  const box = `${SIZES[size]} shrink-0 rounded-md bg-neutral-200 dark:bg-neutral-800 ${className}`;
  if (!url || failed) return <div aria-hidden="true" className={box} />;
  return (
    <img
      ref={checkLoaded}
      src={url}
      alt=""
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={`${box} object-cover`}
    />
  );
}
