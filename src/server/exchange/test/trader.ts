import type { FastifyInstance } from 'fastify';
import type { PrivateKeyAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { ApiCredentials } from '../../../contract/auth-l2';
import {
  type OrderDomain,
  type OrderV1Message,
  orderTypedData,
  referenceExchanges,
} from '../../../contract/orders';
import { ApiKeyCredentials } from '../../../contract/auth-schemas';
import { freshIp, l1, l2, newWallet } from '../../credentials/test-helpers';

/** An answer as the tests read it, from app.inject or from a real HTTP request. */
export interface Reply {
  statusCode: number;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever body it expects
  json(): any;
}

/** How a trader's requests reach the server: the app in this process, or a server at a URL. */
export type Transport = (request: {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<Reply>;

/** Requests injected into the app (each from its own client address, clear of rate limits). */
export const injectInto =
  (app: FastifyInstance): Transport =>
  (request) =>
    app.inject({ ...request, remoteAddress: freshIp() });

/** Real HTTP requests to a server process (a dead server makes the promise reject). */
export const fetchFrom =
  (baseUrl: string): Transport =>
  async ({ method, url, headers, payload }) => {
    const res = await fetch(`${baseUrl}${url}`, { method, headers, ...(payload ? { body: payload } : {}) });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) };
  };

/**
 * A test trader: a wallet with an API key that signs version-1 orders (as the legacy client does) and
 * sends signed requests to the real app (or a real server). Amounts are in base units.
 */
export class Trader {
  private constructor(
    private readonly send: Transport,
    readonly account: PrivateKeyAccount,
    readonly credentials: ApiCredentials,
    readonly chainId: number,
    /** The last order salt and request timestamp, shared by every copy of this trader (see `via`). */
    private readonly used = {
      salt: Math.floor(Math.random() * 1e9),
      clock: Math.floor(Date.now() / 1000) - 30,
    },
  ) {}

  /** Creates the wallet's API key (which grants its paper collateral) through `app` or at a server's URL. */
  static async create(
    app: FastifyInstance | string,
    chainId: number,
    account = newWallet(),
  ): Promise<Trader> {
    const send = typeof app === 'string' ? fetchFrom(app) : injectInto(app);
    const res = await send({
      method: 'POST',
      url: '/clob/api-keys',
      headers: await l1(account, { chainId }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return new Trader(send, account, ApiKeyCredentials.parse(res.json()), chainId);
  }

  /** The same wallet and key, talking to another server (another process on the same database). */
  via(target: FastifyInstance | string): Trader {
    const send = typeof target === 'string' ? fetchFrom(target) : injectInto(target);
    return new Trader(send, this.account, this.credentials, this.chainId, this.used);
  }

  get address(): string {
    return this.account.address.toLowerCase();
  }

  /**
   * A signed order body for POST /order: price and size in whole units, as a person writes them, or the
   * signed amounts themselves in base units (a market order's, rounded as a client rounds them). `signer`
   * signs in the trader's place, and `fields` sets other values of the signed message (the hostile
   * tests' wrong ones): the order is signed as it is.
   */
  async order(
    opts: {
      tokenId: string;
      side: 'BUY' | 'SELL';
      orderType?: 'GTC' | 'GTD' | 'FOK' | 'FAK';
      expiration?: number | bigint;
      postOnly?: boolean;
      negRisk?: boolean;
      domain?: Partial<OrderDomain>;
      signer?: PrivateKeyAccount;
      fields?: Partial<Pick<OrderV1Message, 'maker' | 'nonce' | 'feeRateBps' | 'signatureType'>>;
    } & ({ price: number; size: number } | { makerAmount: bigint; takerAmount: bigint }),
  ) {
    const [shares, cash] =
      'price' in opts
        ? [BigInt(Math.round(opts.size * 1e6)), BigInt(Math.round(opts.size * opts.price * 1e6))]
        : opts.side === 'BUY'
          ? [opts.takerAmount, opts.makerAmount]
          : [opts.makerAmount, opts.takerAmount];
    const message: OrderV1Message = {
      salt: BigInt(++this.used.salt),
      maker: this.account.address,
      signer: this.account.address,
      taker: '0x0000000000000000000000000000000000000000' as const,
      tokenId: BigInt(opts.tokenId),
      makerAmount: opts.side === 'BUY' ? cash : shares,
      takerAmount: opts.side === 'BUY' ? shares : cash,
      expiration: BigInt(opts.expiration ?? 0),
      nonce: 0n,
      feeRateBps: 0n,
      side: opts.side === 'BUY' ? 0 : 1,
      signatureType: 0,
      ...opts.fields,
    };
    const exchanges = referenceExchanges(1, this.chainId)!;
    const domain: OrderDomain = {
      chainId: this.chainId,
      verifyingContract: opts.negRisk ? exchanges.negRiskExchange : exchanges.exchange,
      ...opts.domain,
    };
    const signature = await (opts.signer ?? this.account).signTypedData(
      orderTypedData({ version: 1, message }, domain) as Parameters<PrivateKeyAccount['signTypedData']>[0],
    );
    return {
      order: {
        salt: Number(message.salt),
        maker: message.maker,
        signer: message.signer,
        taker: message.taker,
        tokenId: opts.tokenId,
        makerAmount: message.makerAmount.toString(),
        takerAmount: message.takerAmount.toString(),
        side: opts.side,
        expiration: message.expiration.toString(),
        nonce: message.nonce.toString(),
        feeRateBps: message.feeRateBps.toString(),
        signatureType: message.signatureType,
        signature,
      },
      owner: this.credentials.apiKey,
      orderType: opts.orderType ?? 'GTC',
      postOnly: opts.postOnly ?? false,
    };
  }

  /** A Level-2 request; each one gets its own timestamp, so state-changing ones are never replays. */
  async request(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Reply> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    // Within the ±60 s window, and distinct from the last request's (identical bodies stay distinct).
    const now = Math.floor(Date.now() / 1000);
    const used = this.used;
    used.clock = used.clock + 1 > now + 50 || used.clock < now - 50 ? now - 50 : used.clock + 1;
    const timestamp = used.clock;
    const headers = await l2(this.credentials, {
      method,
      path: path.split('?')[0]!,
      timestamp,
      ...(text !== undefined ? { body: text } : {}),
    });
    return this.send({
      method,
      url: `/clob${path}`,
      headers: {
        ...(headers as unknown as Record<string, string>),
        ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(text !== undefined ? { payload: text } : {}),
    });
  }

  async place(opts: Parameters<Trader['order']>[0]) {
    return this.request('POST', '/order', await this.order(opts));
  }

  async balance(tokenId?: string): Promise<bigint> {
    const res = await this.request(
      'GET',
      tokenId
        ? `/balance-allowance?asset_type=CONDITIONAL&token_id=${tokenId}&signature_type=0`
        : '/balance-allowance?asset_type=COLLATERAL&signature_type=0',
    );
    expect(res.statusCode, res.body).toBe(200);
    return BigInt((res.json() as { balance: string }).balance);
  }
}
