import { z } from 'zod';
import { HEADER_FORMATS } from './auth';

/** Bodies and parameters of the trading interface (docs/api.md §4, §5). */

export const ApiKeyId = z
  .string()
  .regex(HEADER_FORMATS.uuid, 'must be a UUID')
  .describe('An API key (UUID v4)');

/** 201 body of POST /api-keys: the only time the secret and passphrase are shown. */
export const ApiKeyCredentials = z.object({
  apiKey: ApiKeyId,
  secret: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}=$/)
    .describe('HMAC key: 32 bytes as base64url with padding; shown only once'),
  passphrase: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('Sent as SVC_PASSPHRASE with Level 2 requests; shown only once'),
});
export type ApiKeyCredentials = z.infer<typeof ApiKeyCredentials>;

/** A session key's longest life in seconds (docs/api.md §5), and its shortest. */
export const MAX_SESSION_SECONDS = 86_400;
export const MIN_SESSION_SECONDS = 60;
export const MAX_LABEL_LENGTH = 100;

/**
 * Optional body of POST /api-keys (an extension; no body: a key as before): a label, and for a session
 * key the seconds until it ends (an ended key is revoked and leaves the list and the limit). With
 * `replaceOldest`, the key is replaceable: at the limit, any create of its owner revokes the oldest
 * replaceable key in the same transaction instead of being refused (the dashboard's session keys: each
 * visit makes one, and ten reloads used to lock out trading, then the creation of a key of one's own,
 * for a day). Keys made without it are never replaced.
 */
export const CreateKeyBody = z
  .object({
    label: z
      .string()
      .min(1)
      .max(MAX_LABEL_LENGTH)
      .regex(/^[^\p{Cc}]*$/u, 'no control characters')
      .optional()
      .describe('A name for the key, shown in the list (1–100 characters)'),
    expiresIn: z
      .number()
      .int()
      .min(MIN_SESSION_SECONDS)
      .max(MAX_SESSION_SECONDS)
      .optional()
      .describe('Seconds until the key ends, 60–86,400 (a session key); absent: it lasts until revoked'),
    replaceOldest: z
      .boolean()
      .optional()
      .describe(
        'A replaceable key: at the key limit, a create by its owner revokes the oldest replaceable key instead of being refused',
      ),
  })
  .strict();
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

/** What the owner sees of one key in the list on our path (no secret, no passphrase). */
export const ApiKeySummary = z.object({
  apiKey: ApiKeyId,
  label: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 UTC'),
  expiresAt: z.string().nullable().describe('ISO 8601 UTC; null: until revoked'),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

/**
 * 200 body of GET /api-keys: the address's active keys, oldest first; our path adds each key's label and
 * dates (`keys`), the reference clients' path answers only `apiKeys`.
 */
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKeyId), keys: z.array(ApiKeySummary).optional() });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** 200 body of DELETE /api-keys. */
export const RevokedApiKey = z.object({ apiKey: ApiKeyId, revoked: z.literal(true) });
export type RevokedApiKey = z.infer<typeof RevokedApiKey>;

/** Query of DELETE /api-keys: required with L1, optional with L2 (default: the signing key). */
export const RevokeQuery = z.object({ apiKey: ApiKeyId.optional() });
export type RevokeQuery = z.infer<typeof RevokeQuery>;

/** 200 body of GET /time: unix seconds as a bare JSON integer. */
export const ServerTime = z.number().int().nonnegative().describe('Server time in unix seconds');
export type ServerTime = z.infer<typeof ServerTime>;
