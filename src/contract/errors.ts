import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes';

/** The error body as a schema, for the OpenAPI documents' responses (docs/api.md §7). */
export const ErrorBodySchema = z.object({
  error: z.string().describe('A sentence a person can act on'),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
});
