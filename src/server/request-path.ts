/** The path of a request-target, without its query string (as sent: not decoded). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
