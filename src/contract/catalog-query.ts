import { z } from 'zod';
import { CATALOG_ID, canonicalId } from './catalog-id';
import { EVENTS_DEFAULT_LIMIT, EVENTS_MAX_LIMIT, ORDER_FIELDS } from './catalog';
import {
  type EventParameter,
  type EventParameterName,
  type EventQuery,
  type EventQueryValues,
  parametersOf,
} from './event-parameters';
import { EVENT_PARAMETER_ABOUT } from './event-parameter-docs';

/**
 * The query parameters of `GET {gamma_url}/events` (docs/api.md §6), shared by the server (validation,
 * OpenAPI) and the dashboard (links). Input is what a URL query string parses to: a string per
 * parameter, or an array of strings when the parameter is repeated.
 */

/** Upper bound of repeated `id`/`slug` values: keeps one request's SQL bounded. */
export const EVENTS_MAX_REPEAT = 500;
/** Offsets past this cannot be represented exactly by clients (and match nothing anyway). */
export const EVENTS_MAX_OFFSET = Number.MAX_SAFE_INTEGER;

const onlyOnce = (what: string) => (issue: { input?: unknown }) =>
  Array.isArray(issue.input) ? 'may be given only once' : what;

/** A single (non-repeated) string parameter. */
export const once = (what: string) => z.string({ error: onlyOnce(what) });

/** No NUL or other C0 control characters: PostgreSQL rejects NUL in text, and none belongs in a slug. */
const hasControlCharacter = /\p{Cc}/u;

export const decimalInteger = (s: z.ZodString) =>
  s.regex(CATALOG_ID, 'must be a decimal integer').transform(canonicalId);

export const boolean = z
  .enum(['true', 'false'], { error: onlyOnce('must be exactly true or false') })
  .transform((v) => v === 'true');

export const nonNegativeDecimal = once('must be a decimal number ≥ 0')
  .regex(/^([0-9]+(\.[0-9]*)?|\.[0-9]+)$/, 'must be a decimal number ≥ 0')
  .transform(Number)
  .refine(Number.isFinite, 'is too large');

export const dateTime = once('must be an ISO 8601 date-time')
  .pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z' }))
  // What PostgreSQL's timestamptz can read: no year 0000, UTC offsets up to ±15:59.
  .refine((v) => !v.startsWith('0000'), 'must be in year 0001 or later')
  .refine(
    (v) => Number(/[+-](\d{2}):\d{2}$/.exec(v)?.[1] ?? 0) <= 15,
    'must have a UTC offset within ±15:59',
  );

export const text = (max: number) =>
  once('must be text')
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !hasControlCharacter.test(v), 'must not contain control characters');

/** A parameter that may repeat (`id=1&id=2`): always an array after parsing. */
export const repeatable = <T extends z.ZodType<string, string>>(item: () => T, what: string) =>
  z
    // A single value or the repeated form; OpenAPI shows the repeated (form-exploded array) form.
    .union(
      [item(), z.array(item()).max(EVENTS_MAX_REPEAT, `may be repeated at most ${EVENTS_MAX_REPEAT} times`)],
      {
        error: `must be ${what}`,
      },
    )
    .transform((v): z.output<T>[] => (Array.isArray(v) ? v : [v]));

/** A comma-separated list of sort fields, each once, in the order given. */
export const orderListOf = <F extends string>(fields: readonly F[]) =>
  once('must be a comma-separated list of fields')
    .transform((v, ctx): F[] => {
      const chosen: F[] = [];
      for (const part of v.split(',')) {
        if (!(fields as readonly string[]).includes(part)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${part}" is not one of ${fields.join(', ')} (comma-separated)`,
          });
          return z.NEVER;
        }
        // A repeated field adds nothing to the order: keep its first place.
        if (!chosen.includes(part as F)) chosen.push(part as F);
      }
      return chosen;
    })
    .meta({
      description: `Comma-separated list of ${fields.join(', ')}; ties always break by id ascending.`,
    });

export const orderList = orderListOf(ORDER_FIELDS);

/** A decimal integer from `min` to `max` (a page size: out of range is refused, never clamped). */
export const integerIn = (min: number, max: number) =>
  once('must be an integer')
    .regex(/^[0-9]{1,20}$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min, `must be at least ${min}`)
    .refine((n) => n <= max, `must be at most ${max}`);

const limit = integerIn(0, EVENTS_MAX_LIMIT);

export const offset = once('must be an integer')
  .regex(/^[0-9]{1,20}$/, 'must be an integer ≥ 0')
  .transform(Number)
  .refine((n) => n <= EVENTS_MAX_OFFSET, `must be at most ${EVENTS_MAX_OFFSET}`);

/** "a, b or c", for messages listing the accepted words. */
export const listed = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words.join('');

/** One value of a parameter of the event vocabulary (event-parameters.ts), by its kind and rule. */
function valueSchema(parameter: EventParameter): z.ZodType<unknown, string> {
  switch (parameter.kind) {
    case 'id':
      return decimalInteger(once('must be a decimal integer'));
    case 'text':
      if (parameter.maxLength === undefined) throw new Error(`${parameter.name}: text needs a maxLength`);
      return text(parameter.maxLength);
    case 'boolean':
      return boolean;
    case 'dateTime':
      return dateTime;
    case 'decimal':
      return nonNegativeDecimal;
    case 'choice': {
      const words = parameter.choices ?? [];
      return z.enum(words as [string, ...string[]], { error: `must be ${listed(words)}` });
    }
  }
}

/** What a repeated value must be, for the message of a bad one. */
const repeatedWhat = (parameter: EventParameter) =>
  parameter.kind === 'id'
    ? 'a decimal integer'
    : `non-empty text of at most ${parameter.maxLength} characters`;

/** The OpenAPI description of a parameter in one query. */
function described(parameter: EventParameter, query: EventQuery): string | undefined {
  const about = EVENT_PARAMETER_ABOUT[parameter.name as EventParameterName];
  if (!about) return undefined;
  const repeats = parameter.in[query] === 'repeat' ? '; may repeat: any of them matches' : '';
  const extension = query === 'events' && parameter.extension ? ' (extension)' : '';
  return `${about}${repeats}${extension}.`;
}

/** Optional parameters' schemas, typed with the values they parse to. */
type ShapeOf<Values> = {
  [K in keyof Values]-?: z.ZodOptional<z.ZodType<NonNullable<Values[K]>, string | string[]>>;
};
/** The schemas of one query's event parameters, typed as the table types their values. */
type EventParameterShape<Q extends EventQuery> = ShapeOf<EventQueryValues<Q>>;

/** The zod schemas of `query`'s event parameters, built from the vocabulary's table, in its order. */
export function eventParameterShape<Q extends EventQuery>(query: Q): EventParameterShape<Q> {
  const shape: Record<string, z.ZodType> = {};
  for (const parameter of parametersOf(query)) {
    const value = () => valueSchema(parameter) as z.ZodType<string, string>;
    const schema = (
      parameter.in[query] === 'repeat' ? repeatable(value, repeatedWhat(parameter)) : value()
    ).optional();
    const description = described(parameter, query);
    shape[parameter.name] = description ? schema.meta({ description }) : schema;
  }
  return shape as unknown as EventParameterShape<Q>;
}

const eventsQueryShape = {
  ...eventParameterShape('events'),
  limit: limit.default(EVENTS_DEFAULT_LIMIT).meta({ description: 'Integer 0–100 (never clamped).' }),
  offset: offset.default(0),
  order: orderList.default(['id']),
  ascending: boolean.default(true).meta({ description: 'Applies to every order field.' }),
};

export const EVENTS_QUERY_PARAMETERS = Object.keys(eventsQueryShape) as (keyof typeof eventsQueryShape)[];

/**
 * A query that refuses what it does not know, naming the parameter (a typo must not pass silently).
 * `hints`: what to say instead of the list of parameters for an unknown one people are known to try.
 */
export const strictQuery = <Shape extends z.ZodRawShape>(
  shape: Shape,
  hints: Record<string, string> = {},
) => {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const hinted = issue.keys.find((k) => Object.hasOwn(hints, k));
      if (hinted !== undefined) return `unknown parameter ${JSON.stringify(hinted)}: ${hints[hinted]}`;
      return `unknown parameter ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; ${
        known.length ? `the parameters are ${known.join(', ')}` : 'this endpoint takes no parameters'
      }`;
    },
  });
};

export const EventsQuery = strictQuery(eventsQueryShape);

/** A slug in a path: text the database can hold (no NUL or other control characters), at most 500 characters. */
export const SlugParam = text(500);
/** A parsed, validated `/events` query: defaults filled in, repeatable parameters as arrays. */
export type EventsQuery = z.output<typeof EventsQuery>;

/** URLSearchParams → the plain object a server's query parser produces (repeated keys → arrays). */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
