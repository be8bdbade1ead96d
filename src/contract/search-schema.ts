/**
 * A route's `validateSearch` as a Standard Schema (what the router reads zod through), from a parse
 * that never fails, so a link may give any subset of the fields (no zod in the catalog pages' bundle).
 */
export function searchSchema<T>(parse: (input: unknown) => T) {
  return {
    parse,
    '~standard': {
      version: 1,
      vendor: 'marketdesk',
      validate: (value: unknown) => ({ value: parse(value) }),
      types: undefined as unknown as { input: Partial<T>; output: T },
    },
  } as const;
}
