import { type CatalogRequest, catalogPath } from '../../../../contract/pages';
import { config } from '../../../lib/config';

/**
 * A catalog read's URL, built as the server builds the data it preloads with a page's HTML (the
 * contract's catalogPath): the same request is the same URL on both sides, so the browser reuses
 * the preload and the query cache sees one key per resource.
 */
export function catalogUrl(request: CatalogRequest): string {
  return `${config.gammaUrl}${catalogPath(request)}`;
}
