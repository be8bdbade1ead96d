import type { L1Headers } from '../../../../contract/auth';
import type { L2Headers } from '../../../../contract/auth-l2';
import { ApiKeyList, type ApiKeySummary } from '../../../../contract/auth-schemas';
import { clobRequest } from '../../../lib/wallet/clob-request';

export const LIST_API_KEYS_PATH = '/api-keys';

/** A listed key's label and end (session keys), by key id. */
export type KeyDetails = Readonly<Record<string, Pick<ApiKeySummary, 'label' | 'expiresAt'>>>;

/** GET /api-keys with L1 or L2: the address's active keys, oldest first, with their labels and ends. */
export async function listApiKeys(
  headers: L1Headers | L2Headers,
): Promise<{ apiKeys: string[]; details: KeyDetails }> {
  const { apiKeys, keys = [] } = await clobRequest(ApiKeyList, {
    method: 'GET',
    path: LIST_API_KEYS_PATH,
    headers,
  });
  return {
    apiKeys,
    details: Object.fromEntries(keys.map((k) => [k.apiKey, { label: k.label, expiresAt: k.expiresAt }])),
  };
}
