/**
 * A number as a person types it into the ticket: a point for decimals, commas only between groups of
 * three digits ("1,000.50"), an exponent if they like ("1e3"), a leading "$" or a trailing "¢" as the
 * field's own unit. Anything else is NaN, so the ticket can say how to type it: "30,5" could be thirty
 * and a half or three hundred and five, and is not guessed. A minus reads, for the ticket to refuse in
 * its own words.
 */
const DECIMAL = /^-?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d*)?(?:e[+-]?\d+)?$/i;

/** The text without its spaces and the field's own unit. */
const bareOf = (text: string) =>
  text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/\s*¢$/, '');

export function typedNumber(text: string): number {
  const bare = bareOf(text);
  if (!/\d/.test(bare) || !DECIMAL.test(bare)) return Number.NaN;
  return Number(bare.replaceAll(',', ''));
}

/**
 * The typed number in hundredths when it has none smaller ("10.12" → 1012, "1e3" → 100000), else null
 * ("10.125", NaN). Read from the digits as typed: `10.12 * 100` is 1011.9999999999999 in binary.
 */
export function typedHundredths(text: string): number | null {
  const value = typedNumber(text);
  if (!Number.isFinite(value)) return null;
  const [mantissa = '', exponent = '0'] = bareOf(text)
    .replaceAll(',', '')
    .replace(/^-/, '')
    .toLowerCase()
    .split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  // The point moves right by the exponent and by two places more (hundredths).
  const point = whole.length + Number(exponent) + 2;
  const digits = `${whole}${fraction}`;
  if (/[1-9]/.test(digits.slice(Math.max(point, 0)))) return null;
  const hundredths = point <= 0 ? 0 : Number(digits.slice(0, point).padEnd(point, '0'));
  return value < 0 ? -hundredths : hundredths;
}
