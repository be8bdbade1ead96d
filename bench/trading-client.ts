/**
 * What bench:orders and bench:live share: the real server as a child process on a fresh database, and a
 * trading client's parts (wallets with API keys, version-1 BUY orders signed with the native secp256k1,
 * Level 2 headers), plus the server's CPU and memory read from /proc.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Pool } from 'undici';
import { type Hex, hexToBytes } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createL1Headers, DEFAULT_CHAIN_ID } from '../src/contract/auth';
import type { ApiCredentials } from '../src/contract/auth-l2';
import { ApiKeyCredentials } from '../src/contract/auth-schemas';
import { type OrderV1Message, orderDigest, referenceExchanges } from '../src/contract/orders';
import { freePort, killHard, type ServerProcess, startServer } from '../src/server/faults/server-process';
import { createScratchPostgres } from '../src/server/test/database';

export const CHAIN_ID = DEFAULT_CHAIN_ID;
const secp256k1 = createRequire(import.meta.url)('secp256k1/bindings') as typeof import('secp256k1');
const exchanges = referenceExchanges(1, CHAIN_ID)!;

export interface Wallet {
  privateKey: Uint8Array;
  address: Hex;
  credentials: ApiCredentials;
  hmacKey: Buffer;
}

/** A two-outcome market as an order names it. */
export interface OrderMarket {
  tokens: [string, string];
  negRisk: boolean;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

export interface BenchServer {
  server: ServerProcess;
  what: string;
  stop(): Promise<void>;
}

/**
 * The real server on a fresh embedded database (or a scratch database of the PostgreSQL server at
 * `postgres`) with `events` demo events and collateral enough for a run; `profileDir` asks for a CPU
 * profile, written when the server exits.
 */
export async function startBenchServer(options: {
  name: string;
  events: number;
  postgres?: string | undefined;
  fromSources: boolean;
  profileDir?: string | undefined;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), `md-bench-${options.name}-`));
  const scratch = options.postgres
    ? await createScratchPostgres(options.postgres, `md_bench_${options.name}`)
    : null;
  if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
  const server = await startServer(
    {
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: scratch?.url ?? '',
      REDIS_URL: '',
      WORKERS: '1',
      SEED_EVENTS: String(options.events),
      RATE_LIMIT_MAX: '1000000000',
      PAPER_COLLATERAL: '1000000',
      CHAIN_ID: String(CHAIN_ID),
      ...options.env,
    },
    await freePort(),
    {
      fromSources: options.fromSources,
      nodeArgs: options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(options.profileDir)}`] : [],
    },
  );
  return {
    server,
    what: scratch ? 'PostgreSQL (scratch database)' : 'PGlite (embedded, file-backed)',
    async stop() {
      // SIGTERM: the server closes and exits, which writes the CPU profile when one is asked for.
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      if ((await Promise.race([exited, sleep(15_000).then(() => 'timeout')])) === 'timeout')
        await killHard(server);
      await scratch?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server's CPU time so far, ms (user + system; PostgreSQL's own processes are not in it). */
export function serverCpuMs(server: ServerProcess): number {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The server's resident memory, MB. */
export function rssMb(server: ServerProcess): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** A wallet with an API key; the key's creation grants it the run's paper collateral. */
export async function createWallet(client: Pool): Promise<Wallet> {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  const { statusCode, body } = await client.request({
    method: 'POST',
    path: '/clob/api-keys',
    headers: { ...(await createL1Headers(account, { chainId: CHAIN_ID })) },
  });
  const text = await body.text();
  if (statusCode !== 201) throw new Error(`creating a key: ${statusCode} ${text}`);
  const credentials = ApiKeyCredentials.parse(JSON.parse(text));
  return {
    privateKey: hexToBytes(key),
    address: account.address,
    credentials,
    hmacKey: Buffer.from(credentials.secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64'),
  };
}

let salt = Math.floor(Math.random() * 1e12);

/**
 * A POST /order body: a version-1 BUY of `shares` at `price` (1/10,000), signed with the native
 * secp256k1 as a wallet would sign it.
 */
export function signBuy(
  wallet: Wallet,
  market: OrderMarket,
  outcome: 0 | 1,
  price: number,
  shares: number,
  orderType: 'GTC' | 'FAK',
): string {
  const sharesBase = BigInt(shares) * 1_000_000n;
  const cash = (sharesBase * BigInt(price)) / 10_000n;
  const message: OrderV1Message = {
    salt: BigInt(++salt),
    maker: wallet.address,
    signer: wallet.address,
    taker: '0x0000000000000000000000000000000000000000',
    tokenId: BigInt(market.tokens[outcome]),
    makerAmount: cash,
    takerAmount: sharesBase,
    expiration: 0n,
    nonce: 0n,
    feeRateBps: 0n,
    side: 0,
    signatureType: 0,
  };
  const digest = orderDigest(
    { version: 1, message },
    { chainId: CHAIN_ID, verifyingContract: market.negRisk ? exchanges.negRiskExchange : exchanges.exchange },
  );
  const { signature, recid } = secp256k1.ecdsaSign(digest, wallet.privateKey);
  return JSON.stringify({
    order: {
      salt: Number(message.salt),
      maker: message.maker,
      signer: message.signer,
      taker: message.taker,
      tokenId: market.tokens[outcome],
      makerAmount: cash.toString(),
      takerAmount: sharesBase.toString(),
      side: 'BUY',
      expiration: '0',
      nonce: '0',
      feeRateBps: '0',
      signatureType: 0,
      signature: `0x${Buffer.from(signature).toString('hex')}${(27 + recid).toString(16)}`,
    },
    owner: wallet.credentials.apiKey,
    orderType,
    postOnly: false,
  });
}

/** Level 2 headers for one request; a body is JSON (without its content type Fastify refuses it). */
export function l2Headers(wallet: Wallet, method: string, path: string, body = ''): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const mac = createHmac('sha256', wallet.hmacKey).update(`${timestamp}${method}${path}${body}`);
  return {
    SVC_API_KEY: wallet.credentials.apiKey,
    SVC_PASSPHRASE: wallet.credentials.passphrase,
    SVC_TIMESTAMP: timestamp,
    SVC_SIGNATURE: mac.digest('base64url').padEnd(44, '='),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}
