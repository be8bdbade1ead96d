import { LIVE_CLOSE, MAX_LIVE_SUBSCRIPTIONS } from '../../../contract/live';
import type { CredentialsCheck, PresentedCredentials } from '../../credentials/presented-credentials';
import type { LiveConnection } from './connection';
import type { Hub } from './hub';
import { readUserRequest, type UserRequest } from './protocol';
import { runSession } from './session';

/**
 * `{clob_url}/ws/user`: the first message authenticates with an API key's credentials (checked as
 * Level 2 checks them); from then on the connection gets the order and trade events of that key's
 * owner (the address: every key of it) in the markets it follows, all of them when it names none.
 */
export function openUserChannel(
  conn: LiveConnection,
  deps: {
    hub: Hub;
    checkCredentials(presented: PresentedCredentials): Promise<CredentialsCheck>;
    onError(err: unknown): void;
  },
) {
  const authenticate = async (request: Extract<UserRequest, { kind: 'auth' }>) => {
    const check = await deps.checkCredentials(request.auth);
    if (conn.closed) return;
    if (!check.ok) {
      conn.close(LIVE_CLOSE.UNAUTHORISED, check.reason);
      return;
    }
    conn.user = { apiKey: check.apiKey, address: check.address };
    for (const market of request.markets) conn.markets.add(market);
    deps.hub.followAddress(conn, check.address);
  };
  const handle = (request: Exclude<UserRequest, { kind: 'ping' }>): void | Promise<void> => {
    if (request.kind === 'auth') {
      if (!conn.user) return authenticate(request);
      conn.close(LIVE_CLOSE.BAD_MESSAGE, 'already authenticated: change markets with "operation" messages');
      return;
    }
    if (!conn.user) {
      conn.close(LIVE_CLOSE.UNAUTHORISED, 'send {"type": "user", "auth": …} first');
      return;
    }
    if (request.kind === 'unsubscribe') {
      for (const market of request.markets) conn.markets.delete(market);
      return;
    }
    const fresh = request.markets.filter((m) => !conn.markets.has(m));
    if (conn.markets.size + fresh.length > MAX_LIVE_SUBSCRIPTIONS) {
      conn.close(
        LIVE_CLOSE.TOO_MANY_SUBSCRIPTIONS,
        `at most ${MAX_LIVE_SUBSCRIPTIONS} markets per connection`,
      );
      return;
    }
    for (const market of fresh) conn.markets.add(market);
  };
  return runSession<UserRequest>(conn, {
    read: readUserRequest,
    handle,
    subscribed: () => conn.user !== null,
    onError: deps.onError,
  });
}
