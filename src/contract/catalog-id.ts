/**
 * An event, tag or series id as the catalog interface takes it in a path or a filter: a decimal integer
 * of up to 40 digits. Its own zod-free module: the dashboard checks page paths against the same rule
 * (any other `/tags/…` is a not-found page, as the server answers it) without loading zod.
 */
export const CATALOG_ID = /^[0-9]{1,40}$/;

/** Leading zeros dropped, so `007` and `7` name the same tag. */
export function canonicalId(id: string): string {
  return BigInt(id).toString();
}
