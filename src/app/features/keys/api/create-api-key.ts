import type { L1Headers } from '../../../../contract/auth';
import { ApiKeyCredentials } from '../../../../contract/auth-schemas';
import { clobRequest } from '../../../lib/wallet/clob-request';

/** POST /api-keys with L1: the only answer that ever carries the secret and passphrase. */
export function createApiKey(headers: L1Headers): Promise<ApiKeyCredentials> {
  return clobRequest(ApiKeyCredentials, { method: 'POST', path: '/api-keys', headers });
}
