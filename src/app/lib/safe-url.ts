/**
 * An image URL from the catalog is untrusted: only absolute http(s) URLs and same-origin paths
 * (`/img/x.svg`) are rendered. `javascript:`, `data:`, protocol-relative `//host` and anything
 * unparsable give null, and the caller renders a neutral placeholder instead.
 */
export function safeImageUrl(
  value: unknown,
  origin = globalThis.location?.origin ?? 'http://localhost',
): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '' || url.length > 2048) return null;
  // Control characters and backslashes are normalised differently by browsers: refuse them outright.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return null;
  if (url.startsWith('/')) {
    if (url.startsWith('//')) return null;
    try {
      return new URL(url, origin).origin === new URL(origin).origin ? url : null;
    } catch {
      return null;
    }
  }
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
