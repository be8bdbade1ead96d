import type { FastifyRequest } from 'fastify';
import {
  AUTH_HEADERS,
  HEADER_FORMATS,
  isValidNonce,
  L1_HEADER_NAMES,
  L1_MAX_AGE_SECONDS,
  L1_MAX_AHEAD_SECONDS,
} from '../../contract/auth';
import { clobAuthDigest } from '../../contract/clob-auth';
import { recoverSigner } from '../signatures/signature';
import { ReplyError } from '../errors';
import { checkWindow, invalidHeader, requireHeaders } from './headers';

/** A verified, not yet used, L1 authorisation (docs/api.md §2). */
export interface L1Auth {
  level: 1;
  /** Lower-case. */
  address: string;
  timestamp: number;
  nonce: string;
}

/**
 * Checks the L1 headers, the window and the EIP-712 signature. Single use is enforced later, in
 * the transaction of the action (see authorise.ts), so a failing request uses nothing up.
 */
export async function verifyLevel1(
  request: FastifyRequest,
  chainId: number,
  domainName: string,
): Promise<L1Auth> {
  const h = requireHeaders(request, L1_HEADER_NAMES, 'Level 1');
  const address = h[AUTH_HEADERS.address];
  const timestamp = h[AUTH_HEADERS.timestamp];
  const nonce = h[AUTH_HEADERS.nonce];
  const signature = h[AUTH_HEADERS.signature];

  if (!HEADER_FORMATS.address.test(address))
    throw invalidHeader('SVC_ADDRESS', '0x followed by 40 hex digits');
  if (!HEADER_FORMATS.decimal.test(timestamp))
    throw invalidHeader('SVC_TIMESTAMP', 'unix seconds as a decimal integer (no sign, no leading zeros)');
  if (!isValidNonce(nonce))
    throw invalidHeader('SVC_NONCE', 'a decimal integer from 0 to 2^256-1 (no sign, no leading zeros)');
  if (!HEADER_FORMATS.l1Signature.test(signature) || signature.length > 1000)
    throw invalidHeader('SVC_SIGNATURE', '0x followed by the hex of the EIP-712 signature');

  checkWindow(Number(timestamp), L1_MAX_AGE_SECONDS, L1_MAX_AHEAD_SECONDS);

  // 65 bytes r ‖ s ‖ v with a low s, as every wallet signs (signature.ts); anything else recovers no one.
  // By hand and natively: viem took ~2 ms a check, and half a second to load on the first one.
  const signer = recoverSigner(clobAuthDigest({ address, timestamp, nonce, chainId, domainName }), signature);
  if (signer !== address.toLowerCase()) {
    throw new ReplyError(
      'L1_SIGNATURE_INVALID',
      `SVC_SIGNATURE is not a ClobAuth signature by SVC_ADDRESS; sign the contract's EIP-712 typed data (domain ${JSON.stringify(domainName)}, version 1, chainId ${chainId}) with exactly the SVC_ADDRESS, SVC_TIMESTAMP and SVC_NONCE sent.`,
    );
  }
  return { level: 1, address: address.toLowerCase(), timestamp: Number(timestamp), nonce };
}
