import { CLOB_AUTH_MESSAGE, CLOB_AUTH_TYPES, type ClobAuthFields, DEFAULT_L1_DOMAIN_NAME } from './auth';
import { putAddress, putUint256, typedDataDigest, utf8 } from './eip712';
import { keccak256 } from './keccak';

/**
 * The EIP-712 digest of a Level 1 authorisation (auth.ts buildClobAuthTypedData), hashed by hand
 * (eip712.ts): the server checks one on every Level 1 request, and viem, which would do it generically,
 * takes about half a second to load on a first request.
 */

const TYPE_HASH = keccak256(
  utf8(`ClobAuth(${CLOB_AUTH_TYPES.ClobAuth.map((f) => `${f.type} ${f.name}`).join(',')})`),
);
const DOMAIN_TYPE_HASH = keccak256(utf8('EIP712Domain(string name,string version,uint256 chainId)'));
const VERSION_HASH = keccak256(utf8('1'));
const MESSAGE_HASH = keccak256(utf8(CLOB_AUTH_MESSAGE));

/** Throws a TypeError or RangeError when a field does not fit its type (the nonce a uint256). */
export function clobAuthDigest({
  address,
  timestamp,
  nonce,
  chainId,
  domainName = DEFAULT_L1_DOMAIN_NAME,
}: ClobAuthFields): Uint8Array {
  const domain = new Uint8Array(4 * 32);
  domain.set(DOMAIN_TYPE_HASH, 0);
  domain.set(keccak256(utf8(domainName)), 32);
  domain.set(VERSION_HASH, 64);
  putUint256(domain, 3, BigInt(chainId), 'chainId');
  const struct = new Uint8Array(5 * 32);
  struct.set(TYPE_HASH, 0);
  putAddress(struct, 1, address, 'address');
  struct.set(keccak256(utf8(timestamp)), 64);
  putUint256(struct, 3, BigInt(nonce), 'nonce');
  struct.set(MESSAGE_HASH, 128);
  return typedDataDigest(keccak256(domain), keccak256(struct));
}
