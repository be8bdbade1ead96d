/**
 * The whole trading-interface flow for a bot author, in one script:
 *   1. read the server time (so a skewed local clock does not matter),
 *   2. create an API key with a Level 1 (EIP-712) signature by your wallet key,
 *   3. make a Level 2 (HMAC) request with the new key.
 *
 *   PRIVATE_KEY=0x… [CLOB_URL=http://127.0.0.1:8080/clob] [CHAIN_ID=80002] npm run example:l2
 *
 * Set REVOKE=1 to revoke the key again at the end (an address may hold at most 10 active keys).
 */
import { privateKeyToAccount } from 'viem/accounts';
import { createL1Headers, DEFAULT_CHAIN_ID } from '../src/contract/auth';
import { type ApiCredentials, createL2Headers } from '../src/contract/auth-l2';
import { ApiKeyCredentials, ApiKeyList, RevokedApiKey, ServerTime } from '../src/contract/auth-schemas';
import { isErrorBody } from '../src/contract/error-codes';

const privateKey = process.env.PRIVATE_KEY;
if (!privateKey || !/^0x[0-9a-fA-F]{64}$/.test(privateKey)) {
  console.error('Set PRIVATE_KEY to your wallet key (0x + 64 hex digits).');
  process.exit(1);
}
const clobUrl = (process.env.CLOB_URL ?? 'http://127.0.0.1:8080/clob').replace(/\/$/, '');
const chainId = Number(process.env.CHAIN_ID ?? DEFAULT_CHAIN_ID);
const account = privateKeyToAccount(privateKey as `0x${string}`);

/** fetch + the contract's error body turned into one readable line. */
async function call(method: string, path: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(`${clobUrl}${path}`, { method, headers });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const detail = isErrorBody(body) ? `${body.code}: ${body.error}` : JSON.stringify(body);
    throw new Error(`${method} ${path} → ${res.status} ${detail}`);
  }
  return body;
}

async function main(): Promise<void> {
  const serverTime = ServerTime.parse(await call('GET', '/time'));
  console.log(
    `server time ${serverTime} (local clock is ${Math.floor(Date.now() / 1000) - serverTime} s off)`,
  );

  // Level 1: a fresh EIP-712 signature per request (each one is single-use).
  const l1 = await createL1Headers(account, { chainId, timestamp: serverTime });
  const credentials: ApiCredentials = ApiKeyCredentials.parse(await call('POST', '/api-keys', l1));
  console.log('\nNew API credentials for', account.address);
  console.log('  (shown once: store them now; the server cannot show the secret or passphrase again)');
  console.log(`  apiKey:     ${credentials.apiKey}`);
  console.log(`  secret:     ${credentials.secret}`);
  console.log(`  passphrase: ${credentials.passphrase}\n`);

  // Level 2: HMAC over timestamp + method + path (relative to CLOB_URL, no query) + body.
  const l2 = await createL2Headers(credentials, { method: 'GET', path: '/api-keys', timestamp: serverTime });
  const list = ApiKeyList.parse(await call('GET', '/api-keys', l2 as Record<string, string>));
  console.log(`GET /api-keys over L2: ${list.apiKeys.length} active key(s), oldest first:`);
  for (const apiKey of list.apiKeys)
    console.log(`  ${apiKey}${apiKey === credentials.apiKey ? '  ← new' : ''}`);

  if (process.env.REVOKE === '1') {
    const revoke = await createL2Headers(credentials, {
      method: 'DELETE',
      path: '/api-keys',
      timestamp: serverTime,
    });
    const revoked = RevokedApiKey.parse(await call('DELETE', '/api-keys', revoke as Record<string, string>));
    console.log(`\nrevoked ${revoked.apiKey}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && /L1_SIGNATURE_INVALID/.test(err.message)) {
    console.error(`Hint: the server may use another chain id than ${chainId}; set CHAIN_ID.`);
  }
  process.exit(1);
});
