import { production, SignatureType as SdkSignatureType } from '@polymarket/client';
import {
  OrderType as ClientOrderType,
  ExchangeOrderBuilder,
  getContractConfig,
  OrderSide,
  SignatureType,
} from '@polymarket/clob-client';
import { orderToJson } from '@polymarket/clob-client/dist/utilities.js';
import fc from 'fast-check';
import { type Address, type Hex, hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  bytesToLowerHex,
  ORDER_DOMAIN_NAME,
  ORDER_V2_TYPES,
  type OrderDomain,
  type OrderV1Message,
  type OrderV2Message,
  orderHash,
  orderTypedData,
  REFERENCE_EXCHANGES,
  referenceExchanges,
  SIGNATURE_TYPE,
  type VersionedOrder,
  ZERO_BYTES32,
} from './orders';
import { PostOrderBody, SignedOrder, signedOrderWire } from './trading';

const MAKER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';
const AMOY = 80002;

/** A version-1 order in the legacy client's own representation (strings, its Side enum). */
const legacyOrder = {
  salt: '479249096354',
  maker: MAKER,
  signer: MAKER,
  taker: ZERO_ADDRESS,
  tokenId: '71321045679252212594626385532706912750332728571942532289631379312455583992563',
  makerAmount: '5000000',
  takerAmount: '10000000',
  expiration: '0',
  nonce: '0',
  feeRateBps: '0',
  side: OrderSide.BUY,
  signatureType: SignatureType.EOA,
};

const v1Message: OrderV1Message = {
  salt: 479249096354n,
  maker: MAKER,
  signer: MAKER,
  taker: ZERO_ADDRESS,
  tokenId: BigInt(legacyOrder.tokenId),
  makerAmount: 5000000n,
  takerAmount: 10000000n,
  expiration: 0n,
  nonce: 0n,
  feeRateBps: 0n,
  side: 0,
  signatureType: 0,
};

const v2Message: OrderV2Message = {
  salt: 3913482911239n,
  maker: MAKER,
  signer: MAKER,
  tokenId: BigInt(legacyOrder.tokenId),
  makerAmount: 5000000n,
  takerAmount: 10000000n,
  side: 1,
  signatureType: 0,
  timestamp: 1795000000000n,
  metadata: ZERO_BYTES32,
  builder: ZERO_BYTES32,
};

describe('version-1 orders are the legacy client’s typed data (clob-client order-utils)', () => {
  for (const negRisk of [false, true]) {
    it(`hashes as its ExchangeOrderBuilder does, chain ${AMOY}${negRisk ? ', negative risk' : ''}`, () => {
      const config = getContractConfig(AMOY);
      const exchange = (negRisk ? config.negRiskExchange : config.exchange) as Address;
      // buildOrderTypedData and buildOrderHash need no signer.
      const builder = new ExchangeOrderBuilder(exchange, AMOY, undefined as never);
      const theirs = builder.buildOrderTypedData(legacyOrder);
      const domain = { chainId: AMOY, verifyingContract: exchange };
      const ours = orderTypedData({ version: 1, message: v1Message }, domain);

      expect(ours.domain).toEqual(theirs.domain);
      expect(ours.types).toEqual({ Order: theirs.types.Order });
      expect(orderHash({ version: 1, message: v1Message }, domain)).toBe(builder.buildOrderHash(theirs));
    });
  }

  it('uses the client’s exchange addresses for 137 and 80002', () => {
    for (const chainId of [137, AMOY]) {
      const config = getContractConfig(chainId);
      expect(referenceExchanges(1, chainId)).toEqual({
        exchange: config.exchange,
        negRiskExchange: config.negRiskExchange,
      });
    }
    expect(referenceExchanges(1, 1)).toBeUndefined();
  });
});

describe('version-2 orders (the SDK, src/exchange.ts)', () => {
  it('sign in domain version "2" of the same exchange name, with the SDK’s field list', () => {
    const typed = orderTypedData(
      { version: 2, message: v2Message },
      { chainId: AMOY, verifyingContract: MAKER },
    );
    expect(typed.domain).toEqual({
      name: ORDER_DOMAIN_NAME,
      version: '2',
      chainId: AMOY,
      verifyingContract: MAKER,
    });
    // The SDK's type string, as it spells it for its deposit-wallet signatures.
    expect(`Order(${ORDER_V2_TYPES.Order.map((f) => `${f.type} ${f.name}`).join(',')})`).toBe(
      'Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)',
    );
  });

  it('use the SDK’s exchange addresses, which it keeps whatever chain a forked environment sets', () => {
    // `contracts` is marked internal in the SDK's typings, but it is what its order code reads.
    const { contracts } = production as unknown as { contracts: Record<string, Address> };
    for (const chainId of [137, AMOY, 1, 31337]) {
      expect(referenceExchanges(2, chainId)).toEqual({
        exchange: contracts.standardExchange,
        negRiskExchange: contracts.negRiskExchange,
      });
    }
  });
});

const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map(bytesToLowerHex);
const uint256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
const smallUint = fc.bigInt({ min: 0n, max: 2n ** 64n });
const anyUint = fc.oneof(uint256, smallUint, fc.constant(0n));
const address = hex(20).map((a) => a as Address);
const side = fc.constantFrom(0 as const, 1 as const);
const uint8 = fc.integer({ min: 0, max: 255 });

const v1Order = fc
  .record({
    salt: anyUint,
    maker: address,
    signer: address,
    taker: address,
    tokenId: anyUint,
    makerAmount: anyUint,
    takerAmount: anyUint,
    expiration: anyUint,
    nonce: anyUint,
    feeRateBps: anyUint,
    side,
    signatureType: uint8,
  })
  .map((message): VersionedOrder => ({ version: 1, message }));
const v2Order = fc
  .record({
    salt: anyUint,
    maker: address,
    signer: address,
    tokenId: anyUint,
    makerAmount: anyUint,
    takerAmount: anyUint,
    side,
    signatureType: uint8,
    timestamp: anyUint,
    metadata: hex(32),
    builder: hex(32),
  })
  .map((message): VersionedOrder => ({ version: 2, message }));
const domain: fc.Arbitrary<OrderDomain> = fc.record({
  chainId: fc.oneof(fc.constantFrom(1, 137, AMOY), fc.integer({ min: 0, max: 2 ** 40 })),
  verifyingContract: fc.oneof(
    fc.constantFrom(
      ...Object.values(REFERENCE_EXCHANGES[1][AMOY]!),
      ...Object.values(REFERENCE_EXCHANGES[2][137]!),
    ),
    address,
  ),
});

describe('orderHash', () => {
  it('equals viem’s hashTypedData of the same typed data, both versions, any domain', () => {
    fc.assert(
      fc.property(fc.oneof(v1Order, v2Order), domain, (order, d) => {
        const ours = orderHash(order, d);
        expect(ours).toMatch(/^0x[0-9a-f]{64}$/);
        expect(ours).toBe(hashTypedData(orderTypedData(order, d)));
      }),
      { numRuns: 300 },
    );
  });

  it('ignores the case of addresses (the bytes are what is signed)', () => {
    const d = { chainId: AMOY, verifyingContract: REFERENCE_EXCHANGES[1][AMOY]!.exchange };
    const lower = {
      ...v1Message,
      maker: MAKER.toLowerCase() as Address,
      signer: `0x${MAKER.slice(2).toUpperCase()}` as Address,
    };
    expect(
      orderHash(
        { version: 1, message: lower },
        { ...d, verifyingContract: d.verifyingContract.toLowerCase() as Address },
      ),
    ).toBe(orderHash({ version: 1, message: v1Message }, d));
  });

  it('refuses values that do not fit their type', () => {
    const d = { chainId: AMOY, verifyingContract: MAKER };
    const bad: [Partial<OrderV1Message>, RegExp][] = [
      [{ salt: 2n ** 256n }, /salt must be a uint256/],
      [{ makerAmount: -1n }, /makerAmount must be a uint256/],
      [{ signatureType: 256 }, /signatureType must be a uint8/],
      [{ maker: '0x1234' as Address }, /maker must be a 0x-prefixed 20-byte address/],
      [{ taker: `0x${'g'.repeat(40)}` as Address }, /taker is not hex/],
    ];
    for (const [change, message] of bad) {
      expect(() => orderHash({ version: 1, message: { ...v1Message, ...change } }, d)).toThrow(message);
    }
    expect(() => orderHash({ version: 2, message: { ...v2Message, metadata: '0x00' } }, d)).toThrow(
      /metadata must be 0x-prefixed 32 bytes/,
    );
  });
});

describe('signed orders on the wire', () => {
  const d = { chainId: AMOY, verifyingContract: REFERENCE_EXCHANGES[1][AMOY]!.exchange };
  const signature = `0x${'11'.repeat(65)}` as Hex;

  it('reads the legacy client’s POST body (orderToJson) as the order it signed', () => {
    for (const side of [OrderSide.BUY, OrderSide.SELL]) {
      const body = orderToJson(
        { ...legacyOrder, side, signature },
        'owner-key',
        ClientOrderType.GTC,
        false,
        true,
      );
      const parsed = PostOrderBody.parse(JSON.parse(JSON.stringify(body)));
      expect(parsed).toMatchObject({
        owner: 'owner-key',
        orderType: 'GTC',
        deferExec: false,
        postOnly: true,
      });
      expect(parsed.order).toEqual({
        version: 1,
        message: { ...v1Message, side: side === OrderSide.BUY ? 0 : 1 },
        signature,
        expiration: 0n,
      });
      const builder = new ExchangeOrderBuilder(d.verifyingContract, AMOY, undefined as never);
      expect(orderHash(parsed.order, d)).toBe(
        builder.buildOrderHash(builder.buildOrderTypedData({ ...legacyOrder, side })),
      );
    }
  });

  /** A version-2 order as the SDK's createSendOrderPayload writes it (src/actions/orders/post.ts). */
  const sdkWire = {
    builder: ZERO_BYTES32,
    expiration: '0',
    maker: MAKER,
    makerAmount: '5000000',
    metadata: ZERO_BYTES32,
    salt: 3913482911239,
    side: 'SELL',
    signature,
    signatureType: 0,
    signer: MAKER,
    takerAmount: '10000000',
    timestamp: '1795000000000',
    tokenId: legacyOrder.tokenId,
  };

  it('reads the SDK’s wire order as version 2; its expiration is carried but not signed', () => {
    const parsed = SignedOrder.parse(sdkWire);
    expect(parsed).toEqual({ version: 2, message: v2Message, signature, expiration: 0n });
    const later = SignedOrder.parse({ ...sdkWire, expiration: '1795000600' });
    expect(later.expiration).toBe(1795000600n);
    expect(orderHash(later, d)).toBe(orderHash(parsed, d));
  });

  it('writes a read order back as its client posted it', () => {
    const legacyWire = orderToJson({ ...legacyOrder, signature }, 'k', ClientOrderType.GTC).order;
    for (const wire of [
      JSON.parse(JSON.stringify(legacyWire)),
      sdkWire,
      { ...sdkWire, expiration: '1795000600' },
    ])
      expect(signedOrderWire(SignedOrder.parse(wire))).toEqual(wire);
  });

  it('refuses an order that is neither version whole, naming what is wrong', () => {
    const {
      taker: _t,
      nonce: _n,
      feeRateBps: _f,
      ...withoutV1Fields
    } = orderToJson({ ...legacyOrder, signature }, 'k', ClientOrderType.GTC).order;
    const paths = (raw: unknown) => {
      const result = SignedOrder.safeParse(raw);
      expect(result.success).toBe(false);
      const [union] = result.error?.issues ?? [];
      if (union?.code !== 'invalid_union') throw new Error(`not a union issue: ${union?.code}`);
      // One list of issues per version: version 2's, then version 1's.
      return union.errors.map((issues) => [...new Set(issues.map((i) => i.path.join('.')))].sort());
    };
    expect(paths(withoutV1Fields)).toEqual([
      ['builder', 'metadata', 'timestamp'],
      ['feeRateBps', 'nonce', 'taker'],
    ]);
    expect(paths({ ...sdkWire, side: 'buy', salt: 2 ** 60, metadata: '0x12' })[0]).toEqual([
      'metadata',
      'salt',
      'side',
    ]);
  });

  it('takes each field only as both clients send it, and within its signed type', () => {
    const accepted = (change: Record<string, unknown>) =>
      SignedOrder.safeParse({ ...sdkWire, ...change }).success;
    expect(accepted({})).toBe(true);
    for (const change of [
      { side: 0 },
      { side: 'buy' },
      { salt: '3913482911239' },
      { salt: 2 ** 53 },
      { signatureType: '0' },
      { signatureType: 4 },
      { makerAmount: 5000000 },
      { makerAmount: (2n ** 256n).toString() },
      { makerAmount: '-5' },
      { makerAmount: '05' },
      { takerAmount: '1e6' },
      { expiration: '1\u0000' },
      { tokenId: (2n ** 256n).toString() },
      { signature: '0x123' },
      { signature: '0x' },
      { maker: '0x12' },
      { metadata: '0x12' },
      { timestamp: '' },
    ])
      expect(accepted(change), JSON.stringify(change)).toBe(false);
    expect(
      SignedOrder.parse({ ...sdkWire, makerAmount: (2n ** 256n - 1n).toString() }).message.makerAmount,
    ).toBe(2n ** 256n - 1n);
  });
});

describe('signature types', () => {
  it('number the wallets as both clients do (EOA = 0 … POLY_1271 = 3)', () => {
    const names = Object.keys(SIGNATURE_TYPE) as (keyof typeof SIGNATURE_TYPE)[];
    expect(Object.fromEntries(names.map((name) => [name, SdkSignatureType[name]]))).toEqual(SIGNATURE_TYPE);
    expect([SignatureType.EOA, SignatureType.POLY_PROXY, SignatureType.POLY_GNOSIS_SAFE]).toEqual([0, 1, 2]);
  });
});
