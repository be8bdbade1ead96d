import { z } from 'zod';
import { CATALOG_ID } from '../../../contract/catalog-id';
import { SlugParam, text } from '../../../contract/catalog-query';
import type { ErrorCode } from '../../../contract/error-codes';
import { ErrorBodySchema } from '../../../contract/errors';
import type { Db } from '../../db/open';
import { ReplyError } from '../../errors';
import { type CatalogApp, type CatalogResponses, nullable } from '../responses';

/** How a path names its record. */
const NAMED_BY = {
  /** A catalog id, read as its canonical decimal (`007` is `7`). */
  id: {
    param: 'id',
    params: z.object({ id: z.string().regex(CATALOG_ID, 'must be a decimal integer') }),
    canonical: (id: string) => BigInt(id).toString(),
    shown: (id: string) => id,
  },
  slug: {
    param: 'slug',
    params: z.object({ slug: SlugParam }),
    canonical: (slug: string) => slug,
    shown: (slug: string) => `"${slug}"`,
  },
  /** Market ids are text (real ones are decimal): any readable id of up to 100 characters. */
  marketId: {
    param: 'id',
    params: z.object({ id: text(100) }),
    canonical: (id: string) => id,
    shown: (id: string) => `"${id}"`,
  },
} as const;

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

export interface Lookup {
  /** The route's path, with its one parameter (`/events/:id`, `/tags/slug/:slug`). */
  url: string;
  summary: string;
  by: keyof typeof NAMED_BY;
  /** The 200 body's schema. */
  response: z.ZodType;
  /** The record, or null when there is none. */
  find: (db: Db, key: string) => Promise<unknown>;
  /** The error of a record that does not exist, naming what was looked for (`event`, `tag`…). */
  missing: { code: ErrorCode; what: string };
}

/**
 * `GET url`: one record by its id or slug, cached like every catalog answer; a record that does not
 * exist is a 404 with the record's own error code (docs/api.md §7).
 */
export function lookupRoute(app: CatalogApp, responses: CatalogResponses, lookup: Lookup): void {
  const by = NAMED_BY[lookup.by];
  const { code, what } = lookup.missing;
  app.get(
    lookup.url,
    { schema: { summary: lookup.summary, params: by.params, response: { 200: lookup.response, ...errors } } },
    (request, reply) => {
      const key = by.canonical((request.params as Record<string, string>)[by.param] ?? '');
      return responses.serve(
        request,
        reply,
        `${lookup.url} ${key}`,
        async (db) => nullable(await lookup.find(db, key)),
        () => new ReplyError(code, `There is no ${what} with ${by.param} ${by.shown(key)}.`),
      );
    },
  );
}
