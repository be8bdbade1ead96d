import { ServerTime } from '../../../contract/auth-schemas';
import { clobRequest } from './clob-request';

/** GET /time: the server's unix time in seconds (docs/api.md §5). */
export function getServerTime(): Promise<number> {
  return clobRequest(ServerTime, { method: 'GET', path: '/time' });
}
