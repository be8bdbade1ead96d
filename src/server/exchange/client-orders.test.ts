import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSecureClient, forkEnvironmentConfig, OrderSide, type Signer } from '@polymarket/client';
import { privateKey } from '@polymarket/client/viem';
import {
  ClobClient,
  ExchangeOrderBuilder,
  getContractConfig,
  OrderBuilder,
  OrderType,
  Side,
} from '@polymarket/clob-client';
import { type Address, createWalletClient, custom, hashTypedData, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderDomain, type OrderVersion, orderHash, referenceExchanges } from '../../contract/orders';
import { PostOrderBody, type SignedOrder } from '../../contract/trading';
import { recoverOrderSigner } from '../test/signed-digests';

/**
 * Orders built and signed by the reference clients' own code (the legacy client's OrderBuilder, the
 * SDK's createLimitOrder) with the test key on chain 80002, read from the very bytes each POSTs:
 * our order hash is theirs, and our recovery names their signer. A stub stands in for the service
 * (tick size, negative risk, API keys, and an order endpoint that records the body).
 */

const TEST_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const account = privateKeyToAccount(TEST_KEY);
const SIGNER = account.address.toLowerCase();
const CHAIN = 80002;
const TOKEN = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
const CREDS = {
  key: '5d1c6e9e-7a53-4c51-9c3c-0b7e3f1f2a11',
  secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  passphrase: 'p'.repeat(64),
};

let server: Server;
let base: string;
let negRisk = false;
const posted: unknown[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/** Where a version's order is verified on this chain: the reference clients' exchange. */
function domainOf(version: OrderVersion, neg: boolean, chainId = CHAIN): OrderDomain {
  const exchanges = referenceExchanges(version, chainId)!;
  return { chainId, verifyingContract: neg ? exchanges.negRiskExchange : exchanges.exchange };
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stub').pathname;
    const reply = (body: unknown) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    };
    if (path === '/auth/api-keys') return reply({ apiKeys: [CREDS.key] });
    if (path === '/tick-size') return reply({ minimum_tick_size: 0.01 });
    if (path === '/neg-risk') return reply({ neg_risk: negRisk });
    if (path === '/order' && request.method === 'POST') {
      const body = JSON.parse(await readBody(request));
      posted.push(body);
      const order = PostOrderBody.parse(body).order;
      return reply({
        errorMsg: '',
        makingAmount: '',
        orderID: orderHash(order, domainOf(order.version, negRisk)),
        status: 'live',
        success: true,
        takingAmount: '',
        tradeIDs: [],
        transactionsHashes: [],
      });
    }
    response.statusCode = 404;
    reply({ error: `stub: no ${request.method} ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The body a client POSTed last, read with our wire schema. */
function lastPosted(): SignedOrder {
  const body = PostOrderBody.parse(posted.at(-1));
  expect(body.owner).toBe(CREDS.key);
  return body.order;
}

// No RPC is needed: the key signs locally.
const wallet = createWalletClient({
  account,
  transport: custom({
    request: () => Promise.reject(new Error('no RPC in this test')),
  }),
});

describe('the legacy client (clob-client, version-1 orders)', () => {
  for (const neg of [false, true]) {
    it(`its signed order has our hash and recovers to its signer${neg ? ' (negative risk)' : ''}`, async () => {
      negRisk = neg;
      const builder = new OrderBuilder(wallet, CHAIN);
      const signed = await builder.buildOrder(
        { tokenID: TOKEN, price: 0.37, size: 21.5, side: Side.BUY },
        { tickSize: '0.01', negRisk: neg },
      );
      const config = getContractConfig(CHAIN);
      const exchange = (neg ? config.negRiskExchange : config.exchange) as Address;
      const exchangeBuilder = new ExchangeOrderBuilder(exchange, CHAIN, wallet);
      const theirHash = exchangeBuilder.buildOrderHash(exchangeBuilder.buildOrderTypedData(signed));

      const clob = new ClobClient(base, CHAIN, wallet, CREDS);
      const answer = await clob.postOrder(signed, OrderType.GTC);
      const order = lastPosted();
      expect(order.version).toBe(1);
      expect(order.signature).toBe(signed.signature);
      expect(orderHash(order, domainOf(1, neg))).toBe(theirHash);
      expect(answer.orderID).toBe(theirHash);
      expect(recoverOrderSigner(order, domainOf(1, neg), order.signature)).toBe(SIGNER);

      // Another chain, or the other exchange: the same signature names someone else.
      expect(recoverOrderSigner(order, { ...domainOf(1, neg), chainId: 137 }, order.signature)).not.toBe(
        SIGNER,
      );
      expect(recoverOrderSigner(order, domainOf(1, !neg), order.signature)).not.toBe(SIGNER);
    });
  }

  it('an order it signs for chain 137 does not verify under the 80002 domain', async () => {
    const signed = await new OrderBuilder(wallet, 137).buildOrder(
      { tokenID: TOKEN, price: 0.5, size: 10, side: Side.SELL },
      { tickSize: '0.01', negRisk: false },
    );
    const clob = new ClobClient(base, 137, wallet, CREDS);
    await clob.postOrder(signed, OrderType.GTC);
    const order = lastPosted();
    expect(recoverOrderSigner(order, domainOf(1, false, 137), order.signature)).toBe(SIGNER);
    expect(recoverOrderSigner(order, domainOf(1, false), order.signature)).not.toBe(SIGNER);
  });
});

describe('the SDK (@polymarket/client, version-2 orders)', () => {
  /** The typed data the SDK hands its signer, as it hands it. */
  const signedPayloads: TypedDataDefinition[] = [];
  const sdkSigner = (): Signer => {
    const inner = privateKey(TEST_KEY);
    return {
      ...inner,
      signTypedData(payload) {
        signedPayloads.push(payload as unknown as TypedDataDefinition);
        return inner.signTypedData(payload);
      },
    };
  };

  async function sdkClient() {
    return createSecureClient({
      environment: forkEnvironmentConfig({ name: 'marketdesk-test', chainId: CHAIN, clob: { rest: base } }),
      signer: sdkSigner(),
      wallet: account.address,
      // The SDK brands its key type; the stub accepts this one.
      credentials: CREDS as NonNullable<Parameters<typeof createSecureClient>[0]['credentials']>,
    });
  }

  for (const neg of [false, true]) {
    it(`its signed order has our hash and recovers to its signer${neg ? ' (negative risk)' : ''}`, async () => {
      negRisk = neg;
      const client = await sdkClient();
      const signed = await client.createLimitOrder({
        tokenId: TOKEN,
        price: 0.42,
        size: 12,
        side: OrderSide.SELL,
      });
      const payload = signedPayloads.at(-1)!;
      expect(payload.domain).toEqual({
        chainId: CHAIN,
        name: 'Polymarket CTF Exchange',
        verifyingContract: domainOf(2, neg).verifyingContract,
        version: '2',
      });
      const theirHash = hashTypedData(payload);

      const answer = await client.postOrder(signed);
      const order = lastPosted();
      expect(order.version).toBe(2);
      expect(order.signature).toBe(signed.signature);
      expect(orderHash(order, domainOf(2, neg))).toBe(theirHash);
      expect(answer).toMatchObject({ ok: true, orderId: theirHash });
      expect(recoverOrderSigner(order, domainOf(2, neg), order.signature)).toBe(SIGNER);

      expect(recoverOrderSigner(order, { ...domainOf(2, neg), chainId: 137 }, order.signature)).not.toBe(
        SIGNER,
      );
      expect(recoverOrderSigner(order, domainOf(2, !neg), order.signature)).not.toBe(SIGNER);
      // A version-1 domain (another domain version and exchange) does not verify it either.
      expect(recoverOrderSigner(order, domainOf(1, neg), order.signature)).not.toBe(SIGNER);
    });
  }

  it('sends an expiration beside the signed order, which the order id does not cover', async () => {
    negRisk = false;
    const client = await sdkClient();
    const expiration = Math.floor(Date.now() / 1000) + 3600;
    const signed = await client.createLimitOrder({
      tokenId: TOKEN,
      price: 0.42,
      size: 12,
      side: OrderSide.BUY,
      expiration,
    });
    await client.postOrder(signed);
    const order = lastPosted();
    expect(order.expiration).toBe(BigInt(expiration));
    expect(orderHash(order, domainOf(2, false))).toBe(hashTypedData(signedPayloads.at(-1)!));
    expect(Object.keys(signedPayloads.at(-1)!.message ?? {})).not.toContain('expiration');
    expect(recoverOrderSigner(order, domainOf(2, false), order.signature)).toBe(SIGNER);
  });
});
