import { HEADER_FORMATS } from '../../../../contract/auth';
import { type ApiCredentials, createL2Headers } from '../../../../contract/auth-l2';
import { base64ToBytes } from '../../../../contract/auth-base64';
import { LIST_API_KEYS_PATH, listApiKeys } from './list-api-keys';

/** GET /api-keys signed with a key's own credentials (Level 2): the list, with no wallet signature. */
export async function listWithKey(credentials: ApiCredentials, timestamp: number) {
  const headers = await createL2Headers(credentials, { method: 'GET', path: LIST_API_KEYS_PATH, timestamp });
  return listApiKeys(headers);
}

/** An L2-signed GET /api-keys: succeeds only if the three values form an active key (docs/api.md §3). */
export async function testApiKey(credentials: ApiCredentials, timestamp: number): Promise<string[]> {
  return (await listWithKey(credentials, timestamp)).apiKeys;
}

export type CredentialField = keyof ApiCredentials;
export type CredentialProblems = Partial<Record<CredentialField, string>>;

/** Pasted values, trimmed, or what is wrong with each, before anything is sent. */
export function checkPastedCredentials(
  input: ApiCredentials,
): { credentials: ApiCredentials } | { problems: CredentialProblems } {
  const credentials = {
    apiKey: input.apiKey.trim(),
    secret: input.secret.trim(),
    passphrase: input.passphrase.trim(),
  };
  const problems: CredentialProblems = {};
  if (!credentials.apiKey) problems.apiKey = 'Paste the API key.';
  else if (!HEADER_FORMATS.uuid.test(credentials.apiKey))
    problems.apiKey = 'An API key looks like 8-4-4-4-12 hexadecimal characters (a UUID).';
  if (!credentials.secret) problems.secret = 'Paste the secret.';
  else if (!base64ToBytes(credentials.secret))
    problems.secret = 'The secret is base64url text (letters, digits, - and _), usually ending in =.';
  if (!credentials.passphrase) problems.passphrase = 'Paste the passphrase.';
  return Object.keys(problems).length > 0 ? { problems } : { credentials };
}
