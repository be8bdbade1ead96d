import type { Address, Hex, LocalAccount, TypedDataDefinition, WalletClient } from 'viem';

/**
 * Level 1 authentication (docs/api.md §1, §2): header names, header formats,
 * the EIP-712 typed data and a helper that turns a viem signer into the request headers.
 * Level 2 lives in auth-l2.ts, the response schemas in auth-schemas.ts.
 */

/** Header names as clients send them (HTTP header names are case-insensitive). */
export const AUTH_HEADERS = {
  address: 'SVC_ADDRESS',
  timestamp: 'SVC_TIMESTAMP',
  nonce: 'SVC_NONCE',
  signature: 'SVC_SIGNATURE',
  apiKey: 'SVC_API_KEY',
  passphrase: 'SVC_PASSPHRASE',
} as const;

/**
 * The reference clients' spelling of every request header above: `POLY_` + the same suffix
 * (`POLY_API_KEY` for `SVC_API_KEY`, docs/api.md §9). The server accepts either spelling, and both when
 * they carry the same value; responses keep the `SVC_` names.
 */
export const REFERENCE_HEADER_PREFIX = 'POLY_';

/** `SVC_ADDRESS` → `POLY_ADDRESS`. */
export function referenceSpelling(name: string): string {
  return `${REFERENCE_HEADER_PREFIX}${name.replace(/^SVC_/, '')}`;
}

/** Every authentication header in both spellings: what a CORS preflight may ask for. */
export const AUTH_HEADER_SPELLINGS = Object.values(AUTH_HEADERS).flatMap((name) => [
  name,
  referenceSpelling(name),
]);

/** The authentication headers' names in a message, either spelling, and a bare prefix ("with POLY_ for SVC_"). */
const SPELLED = new RegExp(
  `\\b(SVC|POLY)_(${Object.values(AUTH_HEADERS)
    .map((name) => name.replace(/^SVC_/, ''))
    .join('|')}|(?=[\\s);,.]|$))`,
  'g',
);

/**
 * An error message as the request spelled its headers: a client that sent the reference's `POLY_*` (and
 * no `SVC_*`) reads `POLY_API_KEY` where the message says `SVC_API_KEY`, and the other way round in
 * "the same names with POLY_ for SVC_". Other names (`SVC_SERVER_TIME`, a response header) stay.
 */
export function inSpellingSent(message: string, sent: (name: string) => boolean): string {
  const names = Object.values(AUTH_HEADERS);
  if (names.some(sent) || !names.some((name) => sent(referenceSpelling(name)))) return message;
  return message.replace(
    SPELLED,
    (_, prefix: string, name: string) => `${prefix === 'SVC' ? 'POLY' : 'SVC'}_${name}`,
  );
}

/** Sent with every 401 TIMESTAMP_OUT_OF_RANGE so a client can correct its clock (docs/api.md §7). */
export const SERVER_TIME_HEADER = 'SVC_SERVER_TIME';

export const L1_HEADER_NAMES = [
  AUTH_HEADERS.address,
  AUTH_HEADERS.timestamp,
  AUTH_HEADERS.nonce,
  AUTH_HEADERS.signature,
] as const;
export const L2_HEADER_NAMES = [
  AUTH_HEADERS.apiKey,
  AUTH_HEADERS.timestamp,
  AUTH_HEADERS.signature,
  AUTH_HEADERS.passphrase,
] as const;

/** Timestamp windows in seconds (docs/api.md §2, §3). */
export const L1_MAX_AGE_SECONDS = 300;
export const L1_MAX_AHEAD_SECONDS = 30;
export const L2_WINDOW_SECONDS = 60;

/**
 * The EIP-712 chain id of L1 authorisations and orders (the server's CHAIN_ID, the dashboard's
 * VITE_CHAIN_ID): the reference's test network, Polygon Amoy. The domain separator includes the chain,
 * so nothing signed for this service is valid on the reference's real-money exchange on Polygon (137).
 */
export const DEFAULT_CHAIN_ID = 80002;

/** The reference's real-money chain (Polygon): signatures made for it here would be valid there too. */
export const REAL_MONEY_CHAIN_ID = 137;

/**
 * The EIP-712 domain name of L1 signatures (docs/api.md §2): the reference clients' own, so they work
 * here unchanged. A wallet's L1 signature is then valid for the reference service too (within its
 * window); an operator who does not need those clients may configure another name, on the server
 * (L1_DOMAIN_NAME) and in the dashboard (VITE_L1_DOMAIN_NAME) alike.
 */
export const DEFAULT_L1_DOMAIN_NAME = 'ClobAuthDomain';

/** Header formats (docs/api.md §5 "Malformed authentication headers"). */
export const HEADER_FORMATS = {
  /** Unsigned decimal, no leading zeros except "0". */
  decimal: /^(0|[1-9][0-9]*)$/,
  address: /^0x[0-9a-fA-F]{40}$/,
  l1Signature: /^0x[0-9a-fA-F]+$/,
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
} as const;

export const MAX_UINT256 = 2n ** 256n - 1n;

/** True when `text` is a decimal nonce in 0 … 2^256−1 without sign or leading zeros (docs/api.md §2). */
export function isValidNonce(text: string): boolean {
  return HEADER_FORMATS.decimal.test(text) && text.length <= 78 && BigInt(text) <= MAX_UINT256;
}

export const CLOB_AUTH_MESSAGE = 'This message attests that I control the given wallet';

export const CLOB_AUTH_TYPES = {
  ClobAuth: [
    { name: 'address', type: 'address' },
    { name: 'timestamp', type: 'string' },
    { name: 'nonce', type: 'uint256' },
    { name: 'message', type: 'string' },
  ],
} as const;

export interface ClobAuthFields {
  address: string;
  /** Unix seconds as the decimal string sent in SVC_TIMESTAMP. */
  timestamp: string;
  nonce: bigint | string | number;
  chainId: number;
  /** The EIP-712 domain name; default DEFAULT_L1_DOMAIN_NAME. */
  domainName?: string;
}

export type ClobAuthTypedData = TypedDataDefinition<typeof CLOB_AUTH_TYPES, 'ClobAuth'>;

/**
 * The EIP-712 typed data of docs/api.md §2, exactly. The address is lower-cased: it is encoded as 20
 * bytes, so the hash is the same for every hex case, and viem rejects mixed case with a bad checksum.
 */
export function buildClobAuthTypedData({
  address,
  timestamp,
  nonce,
  chainId,
  domainName = DEFAULT_L1_DOMAIN_NAME,
}: ClobAuthFields) {
  return {
    domain: { name: domainName, version: '1', chainId },
    types: CLOB_AUTH_TYPES,
    primaryType: 'ClobAuth',
    message: {
      address: address.toLowerCase() as Address,
      timestamp,
      nonce: BigInt(nonce),
      message: CLOB_AUTH_MESSAGE,
    },
  } as const satisfies ClobAuthTypedData;
}

/** The four L1 headers, ready to pass to fetch. */
export interface L1Headers {
  SVC_ADDRESS: string;
  SVC_TIMESTAMP: string;
  SVC_NONCE: string;
  SVC_SIGNATURE: string;
  [name: string]: string;
}

export function l1HeadersFromSignature(
  fields: Omit<ClobAuthFields, 'chainId' | 'domainName'>,
  signature: Hex | string,
): L1Headers {
  return {
    SVC_ADDRESS: fields.address,
    SVC_TIMESTAMP: fields.timestamp,
    SVC_NONCE: BigInt(fields.nonce).toString(),
    SVC_SIGNATURE: signature,
  };
}

/** A viem local account (privateKeyToAccount…) or a wallet client with an account. */
export type L1Signer = Pick<LocalAccount, 'address' | 'signTypedData'> | WalletClient;

export interface L1Options {
  chainId: number;
  /** The EIP-712 domain name the service verifies with; default DEFAULT_L1_DOMAIN_NAME. */
  domainName?: string;
  /** Unix seconds; default: now. Use server time (GET /time) when the local clock is off. */
  timestamp?: number | string;
  /** Default: 64 random bits. Every L1 authorisation is single-use (docs/api.md §2). */
  nonce?: bigint | string | number;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** 64 random bits from the platform CSPRNG (browser and Node). */
export function randomNonce(): bigint {
  const words = globalThis.crypto.getRandomValues(new Uint32Array(2));
  return (BigInt(words[0] ?? 0) << 32n) | BigInt(words[1] ?? 0);
}

/** Signs the contract's typed data with `signer` and returns the L1 headers of one request. */
export async function createL1Headers(signer: L1Signer, options: L1Options): Promise<L1Headers> {
  const timestamp = String(options.timestamp ?? nowSeconds());
  const nonce = BigInt(options.nonce ?? randomNonce());
  const domain = {
    chainId: options.chainId,
    ...(options.domainName ? { domainName: options.domainName } : {}),
  };
  let address: Address;
  let signature: Hex;
  if ('signTypedData' in signer && 'address' in signer && typeof signer.address === 'string') {
    address = signer.address;
    signature = await signer.signTypedData(buildClobAuthTypedData({ address, timestamp, nonce, ...domain }));
  } else {
    const client = signer as WalletClient;
    const account = client.account ?? (await client.getAddresses())[0];
    if (!account) throw new Error('The wallet client has no account to sign with.');
    address = typeof account === 'string' ? account : account.address;
    signature = await client.signTypedData({
      account,
      ...buildClobAuthTypedData({ address, timestamp, nonce, ...domain }),
    });
  }
  return l1HeadersFromSignature({ address, timestamp, nonce }, signature);
}
