/**
 * HTML escaping for text written into markup or attribute values (double- or single-quoted): the one
 * escaper of the server's head tags, the embed card, the Open Graph image's SVG and the embed code.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}
