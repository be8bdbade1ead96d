import type { ApiCredentials } from '../../../contract/auth-l2';
import type { KeyDetails } from './api/list-api-keys';
import type { Problem } from './problems';

/**
 * What the Keys page shows, changed in one place: the credentials of a key just created (in memory
 * only, until the person says they stored them), the listed keys, the key being revoked, and the
 * problems of the page and of the revoke dialog.
 */
export interface KeysPageState {
  /** Shown once, until "Done". */
  credentials: ApiCredentials | null;
  /** Marked in the list, for the rest of the visit. */
  justCreated: string | null;
  /** null until listed (a signature) for this address. */
  apiKeys: string[] | null;
  /** Labels and ends of the listed keys (a key created on this visit has neither). */
  details: KeyDetails;
  problem: Problem | null;
  /** The key the revoke dialog is open for. */
  revoking: string | null;
  revokeProblem: Problem | null;
}

export type KeysPageAction =
  | { type: 'started' }
  | { type: 'failed'; problem: Problem }
  | { type: 'created'; credentials: ApiCredentials }
  | { type: 'listed'; apiKeys: string[]; details?: KeyDetails }
  | { type: 'credentials-done' }
  | { type: 'revoke-asked'; apiKey: string }
  | { type: 'revoke-cancelled' }
  | { type: 'revoke-failed'; problem: Problem }
  | { type: 'revoked'; apiKey: string }
  | { type: 'account-changed' };

export const initialKeysPageState: KeysPageState = {
  credentials: null,
  justCreated: null,
  apiKeys: null,
  details: {},
  problem: null,
  revoking: null,
  revokeProblem: null,
};

export function keysPageReducer(state: KeysPageState, action: KeysPageAction): KeysPageState {
  switch (action.type) {
    case 'started':
      return { ...state, problem: null };
    case 'failed':
      return { ...state, problem: action.problem };
    case 'created': {
      const { apiKey } = action.credentials;
      return {
        ...state,
        credentials: action.credentials,
        justCreated: apiKey,
        // A list on screen gains the new key (last: oldest first); an unlisted page stays unlisted.
        apiKeys: state.apiKeys ? [...state.apiKeys.filter((k) => k !== apiKey), apiKey] : null,
      };
    }
    case 'listed':
      return { ...state, apiKeys: action.apiKeys, details: action.details ?? {} };
    case 'credentials-done':
      return { ...state, credentials: null };
    case 'revoke-asked':
      return { ...state, revoking: action.apiKey, revokeProblem: null };
    case 'revoke-cancelled':
      return { ...state, revoking: null };
    case 'revoke-failed':
      return { ...state, revokeProblem: action.problem };
    case 'revoked':
      return {
        ...state,
        // The secret of a revoked key opens nothing: it leaves the screen (and memory) with the key.
        credentials: state.credentials?.apiKey === action.apiKey ? null : state.credentials,
        apiKeys: state.apiKeys?.filter((k) => k !== action.apiKey) ?? null,
        revoking: null,
        revokeProblem: null,
      };
    case 'account-changed':
      // Another account is another owner: its list must be signed for again.
      return { ...state, apiKeys: null, problem: null };
  }
}
