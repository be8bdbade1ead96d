import { createRequire } from 'node:module';
import fc from 'fast-check';
import { type Address, type Hex, recoverTypedDataAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import {
  bytesToLowerHex,
  type OrderDomain,
  orderDigest,
  orderTypedData,
  REFERENCE_EXCHANGES,
  type VersionedOrder,
  ZERO_BYTES32,
} from '../../contract/orders';
import {
  checkSignatureBackend,
  makeRecoverSigner,
  recoverSigner,
  SignatureBackendError,
  signatureBackend,
} from './signature';
import { recoverOrderSigner } from '../test/signed-digests';

const TEST_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const account = privateKeyToAccount(TEST_KEY);
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The same recovery over the package's pure-JS fallback, which must agree with the native binding. */
const recoverWithFallback = makeRecoverSigner(createRequire(import.meta.url)('secp256k1/elliptic'));

const domain: OrderDomain = { chainId: 80002, verifyingContract: REFERENCE_EXCHANGES[2][80002]!.exchange };
const order: VersionedOrder = {
  version: 2,
  message: {
    salt: 12345n,
    maker: account.address,
    signer: account.address,
    tokenId: 987654321n,
    makerAmount: 5_000_000n,
    takerAmount: 10_000_000n,
    side: 0,
    signatureType: 0,
    timestamp: 1_795_000_000_000n,
    metadata: ZERO_BYTES32,
    builder: ZERO_BYTES32,
  },
};

describe('the secp256k1 implementation', () => {
  it('is the native binding on this platform', () => {
    expect(signatureBackend()).toEqual({ implementation: 'native' });
  });

  it('start-up check: silent when native, one warning for the JS fallback, an error when native is required', () => {
    const warn = vi.fn();
    checkSignatureBackend({ warn }, {}, { implementation: 'native' });
    expect(warn).not.toHaveBeenCalled();

    const fallback = { implementation: 'javascript', reason: 'No native build was found' } as const;
    expect(checkSignatureBackend({ warn }, {}, fallback)).toEqual(fallback);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/native binding did not load.*pure-JavaScript fallback/);
    expect(() => checkSignatureBackend({ warn }, { require: 'native' }, fallback)).toThrow(
      SignatureBackendError,
    );
  });
});

describe('recoverSigner', () => {
  it('recovers the address that signed an order’s typed data (lower-case)', async () => {
    const signature = await account.signTypedData(orderTypedData(order, domain));
    expect(recoverOrderSigner(order, domain, signature)).toBe(account.address.toLowerCase());
  });

  it('accepts v as 27/28 and as 0/1', async () => {
    const signature = await account.signTypedData(orderTypedData(order, domain));
    const v = Number.parseInt(signature.slice(130), 16);
    expect([27, 28]).toContain(v);
    const raw = `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, '0')}`;
    expect(recoverOrderSigner(order, domain, raw)).toBe(account.address.toLowerCase());
  });

  it('reads the signature’s hex in either case', async () => {
    const signature = await account.signTypedData(orderTypedData(order, domain));
    const upper = `0x${signature.slice(2).toUpperCase()}`;
    expect(recoverOrderSigner(order, domain, upper)).toBe(account.address.toLowerCase());
  });

  it('refuses a high-s (malleated) signature, which viem would accept', async () => {
    const signature = await account.signTypedData(orderTypedData(order, domain));
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130), 16);
    const flipped =
      `${signature.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
    expect(await recoverTypedDataAddress({ ...orderTypedData(order, domain), signature: flipped })).toBe(
      account.address,
    );
    expect(recoverOrderSigner(order, domain, flipped)).toBeNull();
  });

  it('answers null for malformed signatures and digests', async () => {
    const signature = await account.signTypedData(orderTypedData(order, domain));
    const digest = orderDigest(order, domain);
    const r = signature.slice(2, 66);
    const s = signature.slice(66, 130);
    for (const bad of [
      '',
      '0x',
      signature.slice(0, 130), // 64 bytes
      `${signature}00`, // 66 bytes
      `0x${'zz'.repeat(65)}`,
      `0x${'0'.repeat(64)}${s}1b`, // r = 0
      `0x${r}${'0'.repeat(64)}1b`, // s = 0
      `0x${N.toString(16)}${s}1b`, // r = n
      `0x${r}${s}1d`, // v = 29
      `0x${r}${s}02`, // v = 2
      `0x${r}${((N >> 1n) + 1n).toString(16).padStart(64, '0')}1b`, // s = n/2 + 1: high
    ]) {
      expect(recoverSigner(digest, bad), bad).toBeNull();
      expect(recoverWithFallback(digest, bad), bad).toBeNull();
    }
    expect(recoverSigner(digest.subarray(1), signature)).toBeNull();
  });
});

const privateKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => bytesToLowerHex(bytes))
  .filter((key) => BigInt(key) > 0n && BigInt(key) < N);
const uint = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => bytesToLowerHex(b) as Address);
const randomOrder = (signer: Address): fc.Arbitrary<VersionedOrder> =>
  fc.oneof(
    fc
      .record({
        salt: uint,
        taker: address,
        tokenId: uint,
        makerAmount: uint,
        takerAmount: uint,
        expiration: uint,
        nonce: uint,
        feeRateBps: uint,
        side: fc.constantFrom(0 as const, 1 as const),
      })
      .map(
        (m): VersionedOrder => ({ version: 1, message: { ...m, maker: signer, signer, signatureType: 0 } }),
      ),
    fc
      .record({
        salt: uint,
        tokenId: uint,
        makerAmount: uint,
        takerAmount: uint,
        side: fc.constantFrom(0 as const, 1 as const),
        timestamp: uint,
        metadata: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToLowerHex),
        builder: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToLowerHex),
      })
      .map(
        (m): VersionedOrder => ({ version: 2, message: { ...m, maker: signer, signer, signatureType: 0 } }),
      ),
  );

describe('fast recovery equals viem’s recoverTypedDataAddress', () => {
  it('on random keys, orders of both versions and domains (native and JS fallback alike)', async () => {
    await fc.assert(
      fc.asyncProperty(
        privateKey.chain((key) => {
          const signer = privateKeyToAccount(key);
          return fc.record({
            key: fc.constant(key),
            order: randomOrder(signer.address),
            domain: fc.record({ chainId: fc.integer({ min: 1, max: 2 ** 32 }), verifyingContract: address }),
          });
        }),
        async ({ key, order, domain }) => {
          const signer = privateKeyToAccount(key);
          const typed = orderTypedData(order, domain);
          const signature = await signer.signTypedData(typed);
          const viemSays = (await recoverTypedDataAddress({ ...typed, signature })).toLowerCase();
          expect(viemSays).toBe(signer.address.toLowerCase());
          expect(recoverOrderSigner(order, domain, signature)).toBe(viemSays);
          expect(recoverWithFallback(orderDigest(order, domain), signature)).toBe(viemSays);
        },
      ),
      { numRuns: 40 },
    );
  });
});
