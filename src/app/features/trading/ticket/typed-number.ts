/**
 * A number as a person types it into the ticket: a point for decimals, commas only between groups of
 * three digits ("1,000.50"), an exponent if they like ("1e3"), a leading "$" or a trailing "¢" as the
 * field's own unit. Anything else is NaN, so the ticket can say how to type it: "30,5" could be thirty
 * and a half or three hundred and five, and is not guessed. A minus reads, for the ticket to refuse in
 * its own words.
 */
const DECIMAL = /^-?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d*)?(?:e[+-]?\d+)?$/i;

export function typedNumber(text: string): number {
  const bare = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/\s*¢$/, '');
  if (!/\d/.test(bare) || !DECIMAL.test(bare)) return Number.NaN;
  return Number(bare.replaceAll(',', ''));
}
