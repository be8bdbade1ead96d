import type { L1Headers } from '../../../../contract/auth';
import { RevokedApiKey } from '../../../../contract/auth-schemas';
import { clobRequest } from '../../../lib/wallet/clob-request';

/** DELETE /api-keys?apiKey= with L1 (docs/api.md §5). */
export function revokeApiKey(headers: L1Headers, apiKey: string): Promise<RevokedApiKey> {
  return clobRequest(RevokedApiKey, { method: 'DELETE', path: '/api-keys', query: { apiKey }, headers });
}
