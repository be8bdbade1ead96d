import { createRequire } from 'node:module';
import type { Hex } from 'viem';
import { createL1Headers } from '../../contract/auth';
import { type ApiCredentials, createL2Headers } from '../../contract/auth-l2';
import {
  bytesToLowerHex,
  type ExchangeAddresses,
  type OrderV1Message,
  orderDigest,
} from '../../contract/orders';
import type { Wallet } from './wallets';

/**
 * A demo trader's connection to the trading interface, as any client's: it creates its API key with a
 * Level-1 signature, signs every order (EIP-712, the legacy client's version 1) and sends every request
 * with Level-2 headers, through `send` (the app's own HTTP handling, in process). Nothing here touches
 * the exchange's code or tables: what the server accepts from anyone, it accepts from these, and no more.
 */

export interface Reply {
  statusCode: number;
  body: string;
}

/** How requests reach the server: the app in this process (app.inject) or a server at a URL. */
export type Send = (request: {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<Reply>;

export interface ClientOptions {
  send: Send;
  /** Where the trading interface is mounted (CLOB_BASE). */
  clobBase: string;
  chainId: number;
  l1DomainName?: string;
  /** The version-1 exchanges orders are signed for (the server's configuration). */
  exchanges: ExchangeAddresses;
}

/** An order as the traders think of it: price in 1/10,000 of its own outcome, size in centishares. */
export interface OrderSpec {
  tokenId: string;
  negRisk: boolean;
  side: 'BUY' | 'SELL';
  price: number;
  size: number;
  type: 'GTC' | 'FAK';
  postOnly?: boolean;
}

/** One order's answer: accepted (resting or matched, with what it traded) or refused with the reason. */
export type Placed =
  | { ok: true; orderId: string; status: 'live' | 'matched'; making: number; taking: number }
  | { ok: false; error: string };

/** A resting order as GET /data/orders lists it (price in 1/10,000, sizes in centishares). */
export interface RestingOrder {
  id: string;
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: number;
  remaining: number;
}

export class RequestFailed extends Error {
  constructor(
    readonly what: string,
    readonly reply: Reply,
  ) {
    super(`${what}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
  }
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const;
const MAX_BATCH = 15;

/** Units of the wire: 6 decimals. A size of one centishare is 10,000 base units of shares. */
const BASE_PER_CENTISHARE = 10_000n;

export class DemoClient {
  private salt = Math.floor(Math.random() * 2 ** 40);

  private constructor(
    private readonly wallet: Wallet,
    private readonly options: ClientOptions,
    private readonly credentials: ApiCredentials,
  ) {}

  get address(): string {
    return this.wallet.account.address.toLowerCase();
  }

  /**
   * Creates the wallet's API key (its first one brings the paper grant, as for anyone) and revokes its
   * older keys, so a wallet that comes back at every start keeps one key.
   */
  static async connect(wallet: Wallet, options: ClientOptions): Promise<DemoClient> {
    const l1 = () =>
      createL1Headers(wallet.account, {
        chainId: options.chainId,
        ...(options.l1DomainName ? { domainName: options.l1DomainName } : {}),
      }) as unknown as Promise<Record<string, string>>;
    let created = await options.send({
      method: 'POST',
      url: `${options.clobBase}/api-keys`,
      headers: await l1(),
    });
    if (created.statusCode === 409) {
      // Ten keys already (starts that ended without a clean stop): revoke them, then create one.
      await revokeAll(options, wallet, l1);
      created = await options.send({
        method: 'POST',
        url: `${options.clobBase}/api-keys`,
        headers: await l1(),
      });
    }
    if (created.statusCode !== 201) throw new RequestFailed('creating an API key', created);
    const client = new DemoClient(wallet, options, JSON.parse(created.body) as ApiCredentials);
    const listed = await client.request('GET', '/api-keys');
    for (const apiKey of (JSON.parse(listed.body) as { apiKeys: string[] }).apiKeys)
      if (apiKey !== client.credentials.apiKey) await client.request('DELETE', `/api-keys?apiKey=${apiKey}`);
    return client;
  }

  /** Signs and posts orders, 15 to a request; one answer per order, in order. */
  async place(orders: readonly OrderSpec[]): Promise<Placed[]> {
    const answers: Placed[] = [];
    for (let i = 0; i < orders.length; i += MAX_BATCH) {
      const batch = orders.slice(i, i + MAX_BATCH);
      const reply = await this.request(
        'POST',
        '/orders',
        await Promise.all(batch.map((o) => this.signed(o))),
        true,
      );
      if (reply.statusCode !== 200) {
        const error = errorOf(reply);
        for (const _ of batch) answers.push({ ok: false, error });
        continue;
      }
      const results = JSON.parse(reply.body) as {
        success: boolean;
        errorMsg: string;
        orderID: string;
        status: string;
        makingAmount: string;
        takingAmount: string;
      }[];
      for (const r of results)
        answers.push(
          r.success
            ? {
                ok: true,
                orderId: r.orderID,
                status: r.status === 'matched' ? 'matched' : 'live',
                making: Number(r.makingAmount || 0),
                taking: Number(r.takingAmount || 0),
              }
            : { ok: false, error: r.errorMsg },
        );
    }
    return answers;
  }

  /** Cancels orders by id (up to 3,000 a request); returns the ids cancelled. */
  async cancel(ids: readonly string[]): Promise<string[]> {
    const cancelled: string[] = [];
    for (let i = 0; i < ids.length; i += 3_000) {
      const reply = await this.request('DELETE', '/orders', ids.slice(i, i + 3_000));
      if (reply.statusCode !== 200) throw new RequestFailed('cancelling orders', reply);
      cancelled.push(...(JSON.parse(reply.body) as { canceled: string[] }).canceled);
    }
    return cancelled;
  }

  /** The wallet's resting orders (of one market, by condition id), every page. */
  async restingOrders(conditionId?: string): Promise<RestingOrder[]> {
    const found: RestingOrder[] = [];
    let cursor = '';
    for (;;) {
      const query = new URLSearchParams();
      if (conditionId) query.set('market', conditionId);
      if (cursor) query.set('next_cursor', cursor);
      const reply = await this.request('GET', `/data/orders?${query}`);
      if (reply.statusCode !== 200) throw new RequestFailed('listing orders', reply);
      const page = JSON.parse(reply.body) as {
        next_cursor: string;
        data: {
          id: string;
          asset_id: string;
          side: 'BUY' | 'SELL';
          price: string;
          original_size: string;
          size_matched: string;
        }[];
      };
      for (const o of page.data)
        found.push({
          id: o.id,
          tokenId: o.asset_id,
          side: o.side,
          price: Math.round(Number(o.price) * 10_000),
          remaining: Math.round((Number(o.original_size) - Number(o.size_matched)) * 100),
        });
      // The reference's last-page cursor ("LTE=") or none.
      if (!page.next_cursor || page.next_cursor === 'LTE=' || page.data.length === 0) return found;
      cursor = page.next_cursor;
    }
  }

  /** The free (unreserved) balance of collateral, or of a token, in base units. */
  async freeBalance(tokenId?: string): Promise<bigint> {
    const reply = await this.request(
      'GET',
      tokenId
        ? `/balance-allowance?asset_type=CONDITIONAL&token_id=${tokenId}&signature_type=0`
        : '/balance-allowance?asset_type=COLLATERAL&signature_type=0',
    );
    if (reply.statusCode !== 200) throw new RequestFailed('reading a balance', reply);
    return BigInt((JSON.parse(reply.body) as { balance: string }).balance);
  }

  /** Revokes this session's key (at stop). */
  async close(): Promise<void> {
    await this.request('DELETE', '/api-keys');
  }

  /** A Level-2 request: the HMAC over timestamp, method, path (without its query) and the exact body. */
  private async request(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    expectAnswer = false,
  ): Promise<Reply> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers = (await createL2Headers(this.credentials, {
      method,
      path: path.split('?')[0]!,
      ...(text !== undefined ? { body: text } : {}),
    })) as unknown as Record<string, string>;
    const reply = await this.options.send({
      method,
      url: `${this.options.clobBase}${path}`,
      headers: text !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(text !== undefined ? { payload: text } : {}),
    });
    if (!expectAnswer && reply.statusCode >= 500) throw new RequestFailed(`${method} ${path}`, reply);
    return reply;
  }

  /** An order body for POST /orders: the version-1 order, signed for the market's exchange. */
  private async signed(o: OrderSpec) {
    const shares = BigInt(o.size) * BASE_PER_CENTISHARE;
    const cash = BigInt(o.price) * BigInt(o.size);
    const message: OrderV1Message = {
      salt: BigInt(++this.salt),
      maker: this.wallet.account.address,
      signer: this.wallet.account.address,
      taker: ZERO_ADDRESS,
      tokenId: BigInt(o.tokenId),
      makerAmount: o.side === 'BUY' ? cash : shares,
      takerAmount: o.side === 'BUY' ? shares : cash,
      expiration: 0n,
      nonce: 0n,
      feeRateBps: 0n,
      side: o.side === 'BUY' ? 0 : 1,
      signatureType: 0,
    };
    const domain = {
      chainId: this.options.chainId,
      verifyingContract: o.negRisk ? this.options.exchanges.negRiskExchange : this.options.exchanges.exchange,
    };
    const signature = await signDigest(orderDigest({ version: 1, message }, domain), this.wallet.privateKey);
    return {
      order: {
        salt: Number(message.salt),
        maker: message.maker,
        signer: message.signer,
        taker: message.taker,
        tokenId: o.tokenId,
        makerAmount: message.makerAmount.toString(),
        takerAmount: message.takerAmount.toString(),
        side: o.side,
        expiration: '0',
        nonce: '0',
        feeRateBps: '0',
        signatureType: 0,
        signature,
      },
      owner: this.credentials.apiKey,
      orderType: o.type,
      ...(o.postOnly ? { postOnly: true } : {}),
    };
  }
}

async function revokeAll(options: ClientOptions, wallet: Wallet, l1: () => Promise<Record<string, string>>) {
  const listed = await options.send({
    method: 'GET',
    url: `${options.clobBase}/api-keys`,
    headers: await l1(),
  });
  if (listed.statusCode !== 200) throw new RequestFailed('listing API keys', listed);
  for (const apiKey of (JSON.parse(listed.body) as { apiKeys: string[] }).apiKeys) {
    const revoked = await options.send({
      method: 'DELETE',
      url: `${options.clobBase}/api-keys?apiKey=${apiKey}`,
      headers: await l1(),
    });
    if (revoked.statusCode !== 200)
      throw new RequestFailed(`revoking ${wallet.account.address}'s key`, revoked);
  }
}

function errorOf(reply: Reply): string {
  try {
    return (JSON.parse(reply.body) as { error?: string }).error ?? reply.body;
  } catch {
    return reply.body;
  }
}

// ——— Signing ————————————————————————————————————————————————————————————————————————————

type Secp256k1 = {
  ecdsaSign(message: Uint8Array, key: Uint8Array): { signature: Uint8Array; recid: number };
};

/**
 * The native libsecp256k1 binding when it loads (~0.05 ms a signature), else viem's pure-JavaScript
 * signer (~2 ms): the signatures are the same, low-s, v = 27/28, as wallets make them.
 */
const native: Secp256k1 | null = (() => {
  try {
    return createRequire(import.meta.url)('secp256k1/bindings') as Secp256k1;
  } catch {
    return null;
  }
})();

const keyBytes = new Map<Hex, Uint8Array>();

/** An EIP-712 digest signed by the wallet: r ‖ s ‖ v as hex. */
function signDigest(digest: Uint8Array, privateKey: Hex): Hex | Promise<Hex> {
  if (!native)
    return import('viem/accounts').then(({ sign }) =>
      sign({ hash: bytesToLowerHex(digest), privateKey, to: 'hex' }),
    );
  let key = keyBytes.get(privateKey);
  if (!key) {
    key = Uint8Array.from(Buffer.from(privateKey.slice(2), 'hex'));
    keyBytes.set(privateKey, key);
  }
  const { signature, recid } = native.ecdsaSign(digest, key);
  return `${bytesToLowerHex(signature)}${(27 + recid).toString(16)}` as Hex;
}
