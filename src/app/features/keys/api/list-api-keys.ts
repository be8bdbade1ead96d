import type { L1Headers } from '../../../../contract/auth';
import type { L2Headers } from '../../../../contract/auth-l2';
import { ApiKeyList } from '../../../../contract/auth-schemas';
import { clobRequest } from './clob-request';

export const LIST_API_KEYS_PATH = '/api-keys';

/** GET /api-keys with L1 or L2: the address's active keys, oldest first. */
export async function listApiKeys(headers: L1Headers | L2Headers): Promise<string[]> {
  const { apiKeys } = await clobRequest(ApiKeyList, { method: 'GET', path: LIST_API_KEYS_PATH, headers });
  return apiKeys;
}
