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

/** 200 body of GET /api-keys: the address's active keys, oldest first. */
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKeyId) });
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
