import type { Address, Hex } from 'viem';
import { z } from 'zod';
import { ORDER_SIDE, type OrderSideNumber, type VersionedOrder } from './orders';

/**
 * A signed order as the reference clients POST it (the `order` member of a `POST /order` body, and of
 * each element of `POST /orders`), and the signed message it stands for (orders.ts).
 *
 * - version 1, the legacy client: clob-client dist/utilities.js `orderToJson`: `salt` a JSON number,
 *   `side` "BUY"/"SELL", `signatureType` a number, every other integer a decimal string, plus `taker`,
 *   `nonce`, `feeRateBps`, `expiration` (all signed).
 * - version 2, the SDK: src/actions/orders/post.ts `createSendOrderPayload`: the same conventions, with
 *   `timestamp` (decimal string, unix ms), `metadata` and `builder` (bytes32 hex) instead of taker, nonce
 *   and fee rate, and an `expiration` (decimal string, unix seconds, 0 = none) that is sent but NOT
 *   signed: two bodies differing only in it have one order id.
 * Told apart by their fields: `timestamp`/`metadata`/`builder` mean version 2 (orderWireVersion).
 * Accepted a little more loosely than sent (integers as numbers or strings, side also as 0/1), since
 * the signed bytes are what counts; every value must fit its signed type.
 */

const DECIMAL = /^[0-9]{1,78}$/;
const MAX_UINT256 = 2n ** 256n - 1n;

/** A uint256 as a decimal string or a JSON integer (which must be exact: at most 2^53 − 1). */
const uint256 = z
  .union([
    z.string().regex(DECIMAL, 'must be a decimal integer'),
    z
      .number()
      .int({ error: 'must be an integer of at most 2^53 − 1 as a JSON number (larger ones as strings)' })
      .nonnegative(),
  ])
  .transform((value, ctx) => {
    const n = BigInt(value);
    if (n > MAX_UINT256) {
      ctx.addIssue({ code: 'custom', message: 'must be below 2^256' });
      return z.NEVER;
    }
    return n;
  });

const uint8 = z.union([
  z.number().int().min(0).max(255),
  z
    .string()
    .regex(/^[0-9]{1,3}$/)
    .transform(Number)
    .pipe(z.number().max(255)),
]);

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
  .transform((a) => a as Address);

const bytes32 = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x-prefixed 32 bytes')
  .transform((b) => b as Hex);

const side = z
  .union([z.enum(['BUY', 'SELL']), z.literal(0), z.literal(1)])
  .transform((s): OrderSideNumber => (s === 'BUY' || s === 0 ? ORDER_SIDE.BUY : ORDER_SIDE.SELL));

/** Hex bytes: 65 for a wallet (EOA) signature; other signature types may send more. */
const signature = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex bytes')
  .transform((s) => s as Hex);

export const SignedOrderV1Wire = z
  .object({
    salt: uint256,
    maker: address,
    signer: address,
    taker: address,
    tokenId: uint256,
    makerAmount: uint256,
    takerAmount: uint256,
    side,
    expiration: uint256,
    nonce: uint256,
    feeRateBps: uint256,
    signatureType: uint8,
    signature,
  })
  .transform(
    ({ signature, ...message }): SignedOrder => ({
      version: 1,
      message,
      signature,
      expiration: message.expiration,
    }),
  );

export const SignedOrderV2Wire = z
  .object({
    salt: uint256,
    maker: address,
    signer: address,
    tokenId: uint256,
    makerAmount: uint256,
    takerAmount: uint256,
    side,
    signatureType: uint8,
    timestamp: uint256,
    metadata: bytes32,
    builder: bytes32,
    expiration: uint256.default(0n),
    signature,
  })
  .transform(
    ({ signature, expiration, ...message }): SignedOrder => ({
      version: 2,
      message,
      signature,
      expiration,
    }),
  );

/**
 * A parsed signed order: the signed message with its version, the signature, and the expiration in
 * unix seconds (0 = none; for version 1 the signed field, for version 2 the unsigned wire field).
 */
export type SignedOrder = VersionedOrder & { signature: Hex; expiration: bigint };

const V2_ONLY_FIELDS = ['timestamp', 'metadata', 'builder'] as const;

/** Which order version a wire order is: 2 when it carries any field only version 2 has. */
export function orderWireVersion(raw: unknown): 1 | 2 {
  if (typeof raw !== 'object' || raw === null) return 1;
  return V2_ONLY_FIELDS.some((field) => field in raw) ? 2 : 1;
}

/** Parses a wire order with the schema of its version (so error messages speak of that version's fields). */
export function parseSignedOrder(raw: unknown) {
  return orderWireVersion(raw) === 2 ? SignedOrderV2Wire.safeParse(raw) : SignedOrderV1Wire.safeParse(raw);
}

/** Either version (for documentation; parseSignedOrder gives the clearer errors). */
export const SignedOrderWire = z.union([SignedOrderV2Wire, SignedOrderV1Wire]);

export const OrderType = z.enum(['GTC', 'GTD', 'FOK', 'FAK']);
export type OrderType = z.infer<typeof OrderType>;

/**
 * One order as both clients send it: the body of `POST /order`, an element of `POST /orders`.
 * `owner` is the API key; `deferExec` is always false from both clients; `postOnly` is sent only when
 * set (the legacy client sends it whenever the caller passed a boolean).
 */
export const PostOrderBody = z.object({
  order: SignedOrderWire,
  owner: z.string(),
  orderType: OrderType,
  deferExec: z.boolean().optional(),
  postOnly: z.boolean().optional(),
});
export type PostOrderBody = z.infer<typeof PostOrderBody>;
