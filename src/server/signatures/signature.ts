import { createRequire } from 'node:module';
import type { Hex } from 'viem';
import { keccak256 } from '../../contract/keccak';
import { bytesToLowerHex, digestOfStruct } from '../../contract/eip712';

/**
 * Who signed an EIP-712 digest, fast: the native libsecp256k1 binding of the `secp256k1` package
 * (~0.07 ms a recovery here, against ~2 ms for viem's pure-JS recoverTypedDataAddress).
 *
 * The package's entry point silently falls back to pure-JS `elliptic` when its binary does not load
 * (it ships prebuilds for linux-x64, darwin-arm64 and win32-x64 only). So the binding is loaded here
 * explicitly, the fallback likewise, and which one is in use is known, reported (signatureBackend) and
 * checked at start (checkSignatureBackend).
 *
 * Accepted signatures: 65 bytes r ‖ s ‖ v, v = 27/28 (what wallets produce) or 0/1; r in [1, n−1]; s in
 * [1, n/2] ("low s"). A high-s signature is refused: the reference exchange contract checks signatures
 * with OpenZeppelin's ECDSA, which refuses them, and every wallet library produces low s, so such a
 * signature can only be another's signature flipped (malleated).
 */

type Secp256k1 = typeof import('secp256k1');
export type Secp256k1Implementation = 'native' | 'javascript';

export interface SignatureBackend {
  implementation: Secp256k1Implementation;
  /** Why the native binding did not load (only with the JavaScript fallback). */
  reason?: string;
}

const require = createRequire(import.meta.url);

function loadSecp256k1(): { lib: Secp256k1; backend: SignatureBackend } {
  try {
    return { lib: require('secp256k1/bindings') as Secp256k1, backend: { implementation: 'native' } };
  } catch (err) {
    return {
      lib: require('secp256k1/elliptic') as Secp256k1,
      backend: { implementation: 'javascript', reason: err instanceof Error ? err.message : String(err) },
    };
  }
}

const loaded = loadSecp256k1();

/** Which secp256k1 implementation recovers signatures in this process. */
export function signatureBackend(): SignatureBackend {
  return { ...loaded.backend };
}

export class SignatureBackendError extends Error {}

/**
 * For the server's start: logs one warning when signatures are checked by the JavaScript fallback
 * (about thirty times slower: every order and Level 1 request pays ~2 ms of CPU instead of ~0.07 ms).
 * It warns rather than fails by default because the fallback is correct, only slow, and a machine
 * without a prebuild (an Intel Mac, an ARM Linux box) should still run the service; `require: 'native'`
 * makes it fail instead, for a deployment that sized its capacity on the native speed.
 */
export function checkSignatureBackend(
  log: { warn: (details: object, message: string) => void },
  options: { require?: 'native' } = {},
  backend: SignatureBackend = loaded.backend,
): SignatureBackend {
  if (backend.implementation === 'native') return backend;
  const message =
    'secp256k1: the native binding did not load; order and Level 1 signatures are checked by the pure-JavaScript fallback, about 30 times slower';
  if (options.require === 'native') throw new SignatureBackendError(`${message} (${backend.reason ?? ''})`);
  log.warn({ implementation: backend.implementation, reason: backend.reason }, message);
  return backend;
}

/** secp256k1's group order n, and n / 2: the largest "low" s (as 64 hex digits). */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const N_HEX = N.toString(16);
const HALF_N_HEX = (N >> 1n).toString(16).padStart(64, '0');
const ZERO_64 = '0'.repeat(64);
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/** A signature as libsecp256k1 takes it: r ‖ s (64 bytes) and the recovery id (0 or 1). */
export interface CompactSignature {
  compact: Uint8Array;
  recovery: 0 | 1;
}

/** The signature's parts, or null when it is malformed or high-s (nothing then needs recovering). */
export function parseSignature(signature: string): CompactSignature | null {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return null;
  // r and s are 64 hex digits each: compared as lower-case text, they compare as numbers.
  const hex = signature.slice(2).toLowerCase();
  const r = hex.slice(0, 64);
  const s = hex.slice(64, 128);
  const v = Number.parseInt(hex.slice(128, 130), 16);
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  if (r === ZERO_64 || r >= N_HEX || s === ZERO_64 || s > HALF_N_HEX) return null;
  return { compact: Buffer.from(hex.slice(0, 128), 'hex'), recovery };
}

/** The address of an uncompressed public key: the last 20 bytes of keccak256 of it without its 0x04. */
function addressOfKey(publicKey: Uint8Array): Uint8Array {
  return keccak256(publicKey.subarray(1)).subarray(12);
}

/**
 * A recovery function over a given secp256k1 implementation (the module's is `recoverSigner`; tests
 * build one over the JavaScript fallback to check that both agree).
 */
export function makeRecoverSigner(lib: Secp256k1) {
  return function recoverSigner(digest: Uint8Array, signature: string): Hex | null {
    if (digest.length !== 32) return null;
    const parsed = parseSignature(signature);
    const key = parsed && recoverPublicKey(digest, parsed, lib);
    return key ? bytesToLowerHex(addressOfKey(key)) : null;
  };
}

/** The uncompressed public key that made a parsed signature over a 32-byte digest, or null when none did. */
function recoverPublicKey(
  digest: Uint8Array,
  parsed: CompactSignature,
  lib: Secp256k1 = loaded.lib,
): Uint8Array | null {
  try {
    return lib.ecdsaRecover(parsed.compact, parsed.recovery, digest, false);
  } catch {
    return null;
  }
}

/**
 * The address (lower-case `0x` hex) whose key made `signature` over the 32-byte `digest`, or null
 * when the signature is malformed, high-s, or recovers no key.
 */
export const recoverSigner = makeRecoverSigner(loaded.lib);

/** A typed message: its domain separator and its encoded struct (the type hash and each field in a 32-byte slot). */
export interface TypedMessage {
  separator: Uint8Array;
  struct: Uint8Array;
}

/** A typed message's digest (what a signature over it signs) and who signed it (null: no one). */
export interface Checked {
  digest: Uint8Array;
  signer: Hex | null;
}

/**
 * The digest of a typed message and the address (20 bytes) whose key made the parsed signature over
 * it, or null: what a signature thread does for each request (signature-batch.ts).
 */
export function checkParsed(
  { separator, struct }: TypedMessage,
  parsed: CompactSignature | null,
): { digest: Uint8Array; address: Uint8Array | null } {
  const digest = digestOfStruct(separator, struct);
  const key = parsed && recoverPublicKey(digest, parsed);
  return { digest, address: key ? addressOfKey(key) : null };
}

/** The digest of a typed message and the signer of `signature` over it (null: malformed, high-s, no key). */
export function checkSignature(message: TypedMessage, signature: string): Checked {
  const { digest, address } = checkParsed(message, parseSignature(signature));
  return { digest, signer: address && bytesToLowerHex(address) };
}
