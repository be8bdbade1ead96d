import type { Address, Hex, TypedDataDefinition } from 'viem';
import {
  bytesToLowerHex,
  putAddress,
  putBytes32,
  putUint8,
  putUint256,
  digestOfStruct,
  utf8,
} from './eip712';
import { keccak256 } from './keccak';
import type { OrderSideNumber } from './order-side';

export { bytesToLowerHex } from './eip712';

/**
 * Orders as EIP-712 typed data of the reference's exchange, exactly as its two official TypeScript
 * clients sign them (docs/api.md, Signed orders), so that programs written on those clients trade
 * here unchanged:
 *
 * - version 1: the legacy trading client, @polymarket/clob-client 5.8.1. It carries its own copy of the
 *   reference's order-utils (no dependency on @polymarket/order-utils): dist/order-utils/
 *   exchange.order.const.js (domain name, version "1", field list), dist/order-utils/
 *   exchange.order.builder.js (the typed data it signs and hashes), dist/config.js (exchange addresses).
 * - version 2: the current SDK, @polymarket/client 0.2.0. Its sources ship in its source maps
 *   (dist/chunk-*.js.map): src/exchange.ts (domain name, version "2", field list), src/actions/orders/
 *   typed-data.ts and orders.ts (the order it builds), src/environments.ts (exchange addresses).
 *
 * The order id is the EIP-712 digest (orderHash). It is computed here by hand (pre-computed type
 * hashes, one keccak over a fixed-size encoding, a cached domain separator, keccak.ts's unrolled
 * Keccak-256): much cheaper than viem's generic hashTypedData, and equal to it (orders.test.ts). Wire
 * shapes: trading.ts.
 */

export type OrderVersion = 1 | 2;

/** Domain name of both versions (clob-client exchange.order.const.js PROTOCOL_NAME; SDK src/exchange.ts). */
export const ORDER_DOMAIN_NAME = 'Polymarket CTF Exchange';

/** Domain version string per order version. */
export const ORDER_DOMAIN_VERSION = { 1: '1', 2: '2' } as const satisfies Record<OrderVersion, string>;

/** clob-client dist/order-utils/exchange.order.const.js ORDER_STRUCTURE, in its order. */
export const ORDER_V1_TYPES = {
  Order: [
    { name: 'salt', type: 'uint256' },
    { name: 'maker', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'taker', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'makerAmount', type: 'uint256' },
    { name: 'takerAmount', type: 'uint256' },
    { name: 'expiration', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'feeRateBps', type: 'uint256' },
    { name: 'side', type: 'uint8' },
    { name: 'signatureType', type: 'uint8' },
  ],
} as const;

/**
 * SDK src/exchange.ts ORDER_STRUCTURE, in its order. No taker, nonce, fee rate or expiration: the
 * expiration travels on the wire beside the signed order but is not signed (nor part of the order id).
 */
export const ORDER_V2_TYPES = {
  Order: [
    { name: 'salt', type: 'uint256' },
    { name: 'maker', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'makerAmount', type: 'uint256' },
    { name: 'takerAmount', type: 'uint256' },
    { name: 'side', type: 'uint8' },
    { name: 'signatureType', type: 'uint8' },
    { name: 'timestamp', type: 'uint256' },
    { name: 'metadata', type: 'bytes32' },
    { name: 'builder', type: 'bytes32' },
  ],
} as const;

/**
 * Who signs for the maker (clob-client dist/order-utils/model/signature-types.model.js; the SDK's
 * @polymarket/bindings SignatureType adds POLY_1271 for its deposit wallets). Only EOA is accepted here.
 */
export const SIGNATURE_TYPE = { EOA: 0, POLY_PROXY: 1, POLY_GNOSIS_SAFE: 2, POLY_1271: 3 } as const;
export type SignatureType = (typeof SIGNATURE_TYPE)[keyof typeof SIGNATURE_TYPE];

export { ORDER_SIDE, type OrderSideNumber } from './order-side';

/** The zero bytes32 the SDK signs for an absent `metadata` or `builder` (SDK src/actions/orders/orders.ts). */
export const ZERO_BYTES32: Hex = `0x${'0'.repeat(64)}`;

export interface ExchangeAddresses {
  /** The exchange of ordinary markets. */
  exchange: Address;
  /** The exchange of negative-risk markets (a market's `negRisk`). */
  negRiskExchange: Address;
}

const SDK_PRODUCTION_EXCHANGES: ExchangeAddresses = {
  exchange: '0xE111180000d2663C0091e4f400237545B87B996B',
  negRiskExchange: '0xe2222d279d744050d28e00520010520000310F59',
};

/**
 * The reference clients' own exchange addresses, the verifying contracts of the order domains, on
 * the chains they name. Version 1: clob-client dist/config.js (MATIC_CONTRACTS for 137, AMOY_CONTRACTS
 * for 80002; it refuses any other chain). Version 2: the SDK has one environment, `production`
 * (src/environments.ts, chain 137); a program pointed elsewhere forks it (forkEnvironmentConfig) and,
 * unless it overrides `contracts`, keeps these addresses whatever chain it sets.
 */
export const REFERENCE_EXCHANGES: Record<OrderVersion, Partial<Record<number, ExchangeAddresses>>> = {
  1: {
    137: {
      exchange: '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E',
      negRiskExchange: '0xC5d563A36AE78145C45a50134d48A1215220f80a',
    },
    80002: {
      exchange: '0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40',
      negRiskExchange: '0xC5d563A36AE78145C45a50134d48A1215220f80a',
    },
  },
  2: { 137: SDK_PRODUCTION_EXCHANGES, 80002: SDK_PRODUCTION_EXCHANGES },
};

/**
 * The exchange addresses a reference client signs an order version with on a chain: for version 2 the
 * SDK's on any chain; for version 1 undefined outside 137 and 80002 (the legacy client has none).
 */
export function referenceExchanges(version: OrderVersion, chainId: number): ExchangeAddresses | undefined {
  return version === 2 ? SDK_PRODUCTION_EXCHANGES : REFERENCE_EXCHANGES[1][chainId];
}

/** A version-1 order as signed (uint256 as bigint, uint8 as number). */
export interface OrderV1Message {
  salt: bigint;
  maker: Address;
  signer: Address;
  taker: Address;
  tokenId: bigint;
  makerAmount: bigint;
  takerAmount: bigint;
  expiration: bigint;
  nonce: bigint;
  feeRateBps: bigint;
  side: OrderSideNumber;
  signatureType: number;
}

/** A version-2 order as signed. `timestamp` is the creation time in unix milliseconds. */
export interface OrderV2Message {
  salt: bigint;
  maker: Address;
  signer: Address;
  tokenId: bigint;
  makerAmount: bigint;
  takerAmount: bigint;
  side: OrderSideNumber;
  signatureType: number;
  timestamp: bigint;
  metadata: Hex;
  builder: Hex;
}

export type VersionedOrder =
  | { version: 1; message: OrderV1Message }
  | { version: 2; message: OrderV2Message };

/** What besides the order the signature covers: the chain and the exchange contract. */
export interface OrderDomain {
  chainId: number;
  verifyingContract: Address;
}

/** The typed data a wallet signs for an order (what the reference clients pass to signTypedData). */
export function orderTypedData(order: VersionedOrder, domain: OrderDomain): TypedDataDefinition {
  const typedDomain = {
    name: ORDER_DOMAIN_NAME,
    version: ORDER_DOMAIN_VERSION[order.version],
    chainId: domain.chainId,
    verifyingContract: domain.verifyingContract,
  };
  return order.version === 1
    ? { domain: typedDomain, types: ORDER_V1_TYPES, primaryType: 'Order', message: { ...order.message } }
    : { domain: typedDomain, types: ORDER_V2_TYPES, primaryType: 'Order', message: { ...order.message } };
}

// --- the digest, by hand -------------------------------------------------------------------------

function typeString(types: { Order: readonly { name: string; type: string }[] }): string {
  return `Order(${types.Order.map((f) => `${f.type} ${f.name}`).join(',')})`;
}

const TYPE_HASH: Record<OrderVersion, Uint8Array> = {
  1: keccak256(utf8(typeString(ORDER_V1_TYPES))),
  2: keccak256(utf8(typeString(ORDER_V2_TYPES))),
};
const DOMAIN_TYPE_HASH = keccak256(
  utf8('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
);
const NAME_HASH = keccak256(utf8(ORDER_DOMAIN_NAME));
const VERSION_HASH: Record<OrderVersion, Uint8Array> = {
  1: keccak256(utf8(ORDER_DOMAIN_VERSION[1])),
  2: keccak256(utf8(ORDER_DOMAIN_VERSION[2])),
};

/** The 32-byte slots of each version's struct: the type hash and one per field. */
const STRUCT_SLOTS: Record<OrderVersion, number> = { 1: 13, 2: 12 };
/** Order structs have at most this many 32-byte slots. */
export const MAX_ORDER_SLOTS = Math.max(STRUCT_SLOTS[1], STRUCT_SLOTS[2]);

/**
 * An order's EIP-712 struct, encoded: the type hash and each field in a 32-byte slot, not yet hashed
 * (its hash is taken where the signature is checked: signatures/signature-pool.ts). Throws a TypeError
 * or RangeError when a field does not fit its type.
 */
export function orderStruct(order: VersionedOrder): Uint8Array {
  if (order.version === 1) {
    const m = order.message;
    const out = new Uint8Array(STRUCT_SLOTS[1] * 32);
    out.set(TYPE_HASH[1], 0);
    putUint256(out, 1, m.salt, 'salt');
    putAddress(out, 2, m.maker, 'maker');
    putAddress(out, 3, m.signer, 'signer');
    putAddress(out, 4, m.taker, 'taker');
    putUint256(out, 5, m.tokenId, 'tokenId');
    putUint256(out, 6, m.makerAmount, 'makerAmount');
    putUint256(out, 7, m.takerAmount, 'takerAmount');
    putUint256(out, 8, m.expiration, 'expiration');
    putUint256(out, 9, m.nonce, 'nonce');
    putUint256(out, 10, m.feeRateBps, 'feeRateBps');
    putUint8(out, 11, m.side, 'side');
    putUint8(out, 12, m.signatureType, 'signatureType');
    return out;
  }
  const m = order.message;
  const out = new Uint8Array(STRUCT_SLOTS[2] * 32);
  out.set(TYPE_HASH[2], 0);
  putUint256(out, 1, m.salt, 'salt');
  putAddress(out, 2, m.maker, 'maker');
  putAddress(out, 3, m.signer, 'signer');
  putUint256(out, 4, m.tokenId, 'tokenId');
  putUint256(out, 5, m.makerAmount, 'makerAmount');
  putUint256(out, 6, m.takerAmount, 'takerAmount');
  putUint8(out, 7, m.side, 'side');
  putUint8(out, 8, m.signatureType, 'signatureType');
  putUint256(out, 9, m.timestamp, 'timestamp');
  putBytes32(out, 10, m.metadata, 'metadata');
  putBytes32(out, 11, m.builder, 'builder');
  return out;
}

/** A server uses a handful of domains (two versions × two exchanges): each separator is hashed once. */
const separators = new Map<string, Uint8Array>();
const MAX_CACHED_SEPARATORS = 64;

/** The EIP-712 domain separator of an order version's domain. */
export function orderDomainSeparator(version: OrderVersion, domain: OrderDomain): Uint8Array {
  const key = `${version}:${domain.chainId}:${domain.verifyingContract.toLowerCase()}`;
  const cached = separators.get(key);
  if (cached) return cached;
  if (!Number.isSafeInteger(domain.chainId) || domain.chainId < 0) {
    throw new RangeError('chainId must be a non-negative integer');
  }
  const out = new Uint8Array(5 * 32);
  out.set(DOMAIN_TYPE_HASH, 0);
  out.set(NAME_HASH, 32);
  out.set(VERSION_HASH[version], 64);
  putUint256(out, 3, BigInt(domain.chainId), 'chainId');
  putAddress(out, 4, domain.verifyingContract, 'verifyingContract');
  const separator = keccak256(out);
  if (separators.size >= MAX_CACHED_SEPARATORS) separators.clear();
  separators.set(key, separator);
  return separator;
}

/** The EIP-712 digest of an order (what its signature signs), as 32 bytes. */
export function orderDigest(order: VersionedOrder, domain: OrderDomain): Uint8Array {
  return digestOfStruct(orderDomainSeparator(order.version, domain), orderStruct(order));
}

/**
 * The order's hash: its EIP-712 digest as `0x` + 64 lower-case hex digits, the order id (what the
 * legacy client's ExchangeOrderBuilder.buildOrderHash returns, and viem's hashTypedData). Throws a
 * TypeError or RangeError when a field does not fit its type.
 */
export function orderHash(order: VersionedOrder, domain: OrderDomain): Hex {
  return bytesToLowerHex(orderDigest(order, domain));
}
