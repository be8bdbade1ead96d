import { type Hex, isAddressEqual, recoverTypedDataAddress } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import {
  AUTH_HEADERS,
  DEFAULT_CHAIN_ID,
  SERVER_TIME_HEADER,
  buildClobAuthTypedData,
} from '../../../../contract/auth';
import { createL2Headers } from '../../../../contract/auth-l2';

/**
 * A small stand-in for the trading interface, for component tests: it verifies L1 signatures for
 * real (recovering the signer of the contract's typed data), keeps keys per address, checks L2 HMACs
 * and the timestamp windows, and can be told to answer the next request with a given error. It also
 * answers the JSON-RPC `eth_signTypedData_v4` that wagmi's mock connector sends to the chain's RPC URL,
 * signing with a viem account, so the wallet side is real too.
 */

export const TEST_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

interface StoredKey {
  apiKey: string;
  secret: string;
  passphrase: string;
  owner: string;
  revoked: boolean;
}

export interface ForcedAnswer {
  status: number;
  code: string;
  error?: string;
  headers?: Record<string, string>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  headers: Headers;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function errorAnswer(
  status: number,
  code: string,
  error = `${code} (fake)`,
  headers: Record<string, string> = {},
) {
  return json(status, { error, code }, headers);
}

export class FakeClob {
  readonly account: PrivateKeyAccount;
  readonly chainId: number;
  readonly keys: StoredKey[] = [];
  readonly requests: LoggedRequest[] = [];
  readonly rpc: { method: string; params: unknown[] }[] = [];
  /** Added to the real clock: simulates a server whose clock differs from the browser's. */
  serverSkewSeconds = 0;
  /** Answered instead of the next /api-keys request(s), in order. */
  readonly forced: ForcedAnswer[] = [];
  /** JSON-RPC errors the wallet answers the next signature request(s) with (e.g. 4001). */
  readonly walletErrors: { code: number; message: string }[] = [];
  offline = false;
  private readonly used = new Set<string>();
  private counter = 0;

  constructor({
    privateKey = TEST_KEY,
    chainId = DEFAULT_CHAIN_ID,
  }: { privateKey?: Hex; chainId?: number } = {}) {
    this.account = privateKeyToAccount(privateKey);
    this.chainId = chainId;
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.serverSkewSeconds;
  }

  activeKeys(owner: string): string[] {
    return this.keys
      .filter((k) => !k.revoked && isAddressEqual(k.owner as Hex, owner as Hex))
      .map((k) => k.apiKey);
  }

  countOf(method: string, path = '/api-keys'): number {
    return this.requests.filter((r) => r.method === method && r.path === path).length;
  }

  /** A `fetch` to stub globally. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    if (url.pathname.startsWith('/clob/')) {
      if (this.offline) throw new TypeError('Failed to fetch');
      return this.clob(url, init);
    }
    if (init.method === 'POST') return this.walletRpc(String(init.body));
    throw new TypeError(`FakeClob: unexpected request ${url}`);
  };

  private async walletRpc(body: string): Promise<Response> {
    const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] };
    this.rpc.push({ method, params });
    const error = this.walletErrors.shift();
    if (error) return json(200, { jsonrpc: '2.0', id, error });
    if (method !== 'eth_signTypedData_v4')
      return json(200, { jsonrpc: '2.0', id, error: { code: -32601, message: `${method} not supported` } });
    const data = JSON.parse(String(params[1]));
    const { EIP712Domain: _domain, ...types } = data.types;
    const signature = await this.account.signTypedData({
      domain: data.domain,
      types,
      primaryType: data.primaryType,
      message: { ...data.message, nonce: BigInt(data.message.nonce) },
    });
    return json(200, { jsonrpc: '2.0', id, result: signature });
  }

  private async clob(url: URL, init: RequestInit): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.slice('/clob'.length);
    const headers = new Headers(init.headers);
    this.requests.push({ method, path, headers });
    if (path === '/time' && method === 'GET') return json(200, this.now());
    if (path !== '/api-keys') return errorAnswer(404, 'NOT_FOUND');
    const forced = this.forced.shift();
    if (forced) return errorAnswer(forced.status, forced.code, forced.error, forced.headers);

    const level2 = headers.has(AUTH_HEADERS.apiKey);
    const owner = level2 ? await this.level2(method, path, headers) : await this.level1(headers);
    if (owner instanceof Response) return owner;

    if (method === 'POST') {
      if (this.activeKeys(owner).length >= 10) return errorAnswer(409, 'KEY_LIMIT_REACHED');
      this.counter++;
      const hex = this.counter.toString(16).padStart(12, '0');
      const key: StoredKey = {
        apiKey: `00000000-0000-4000-8000-${hex}`,
        secret: `${'A'.repeat(31)}${hex}=`,
        passphrase: `${'ab'.repeat(26)}${hex}`,
        owner,
        revoked: false,
      };
      this.keys.push(key);
      return json(201, { apiKey: key.apiKey, secret: key.secret, passphrase: key.passphrase });
    }
    if (method === 'GET') return json(200, { apiKeys: this.activeKeys(owner) });
    if (method === 'DELETE') {
      const apiKey = url.searchParams.get('apiKey');
      const key = this.keys.find((k) => k.apiKey === apiKey && !k.revoked && k.owner === owner);
      if (!key) return errorAnswer(404, 'API_KEY_NOT_FOUND');
      key.revoked = true;
      return json(200, { apiKey, revoked: true });
    }
    return errorAnswer(405, 'METHOD_NOT_ALLOWED');
  }

  private outOfRange(timestamp: number, behind: number, ahead: number): Response | null {
    const now = this.now();
    if (timestamp < now - behind || timestamp > now + ahead)
      return errorAnswer(401, 'TIMESTAMP_OUT_OF_RANGE', 'out of range', {
        [SERVER_TIME_HEADER]: String(now),
      });
    return null;
  }

  private async level1(headers: Headers): Promise<string | Response> {
    const address = headers.get(AUTH_HEADERS.address);
    const timestamp = headers.get(AUTH_HEADERS.timestamp);
    const nonce = headers.get(AUTH_HEADERS.nonce);
    const signature = headers.get(AUTH_HEADERS.signature) as Hex | null;
    if (!address || !timestamp || !nonce || !signature) return errorAnswer(401, 'AUTH_HEADERS_MISSING');
    const late = this.outOfRange(Number(timestamp), 300, 30);
    if (late) return late;
    const signer = await recoverTypedDataAddress({
      ...buildClobAuthTypedData({ address, timestamp, nonce, chainId: this.chainId }),
      signature,
    });
    if (!isAddressEqual(signer, address as Hex)) return errorAnswer(401, 'L1_SIGNATURE_INVALID');
    const use = `${address.toLowerCase()}|${timestamp}|${nonce}`;
    if (this.used.has(use)) return errorAnswer(401, 'SIGNATURE_REUSED');
    this.used.add(use);
    return signer;
  }

  private async level2(method: string, path: string, headers: Headers): Promise<string | Response> {
    const key = this.keys.find((k) => k.apiKey === headers.get(AUTH_HEADERS.apiKey));
    if (!key) return errorAnswer(401, 'API_KEY_UNKNOWN');
    if (key.revoked) return errorAnswer(401, 'API_KEY_REVOKED');
    if (headers.get(AUTH_HEADERS.passphrase) !== key.passphrase)
      return errorAnswer(401, 'PASSPHRASE_INVALID');
    const timestamp = headers.get(AUTH_HEADERS.timestamp) ?? '';
    const late = this.outOfRange(Number(timestamp), 60, 60);
    if (late) return late;
    const expected = await createL2Headers(key, { method, path, timestamp });
    if (headers.get(AUTH_HEADERS.signature) !== expected.SVC_SIGNATURE)
      return errorAnswer(401, 'L2_SIGNATURE_INVALID');
    return key.owner;
  }
}
