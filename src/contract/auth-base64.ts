/**
 * base64 / base64url without Buffer, so the same code runs in the browser and in Node (docs/api.md §3:
 * secrets are base64url with padding; decoding accepts padding or not, and `+`/`/` as well).
 */

/** Either alphabet, with or without `=` padding (at most two, only at the end). */
export const BASE64_ANY = /^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2}(?:==)?|[A-Za-z0-9+/_-]{3}=?)?$/;

export function bytesToBase64Url(bytes: Uint8Array, { padding = true }: { padding?: boolean } = {}): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const standard = btoa(binary);
  const url = standard.replace(/\+/g, '-').replace(/\//g, '_');
  return padding ? url : url.replace(/=+$/, '');
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Decodes base64 or base64url, padded or not; null when the text is not base64 of either kind. */
export function base64ToBytes(text: string): Uint8Array | null {
  if (text.length === 0 || !BASE64_ANY.test(text)) return null;
  const standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
