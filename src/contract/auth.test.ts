import { createWalletClient, custom, recoverTypedDataAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  buildClobAuthTypedData,
  createL1Headers,
  inSpellingSent,
  isValidNonce,
  l1HeadersFromSignature,
  randomNonce,
} from './auth';
import { base64ToBytes, bytesToBase64, bytesToBase64Url, bytesToHex } from './auth-base64';
import { buildL2Message, createL2Headers, signL2 } from './auth-l2';
import { ApiKeyCredentials } from './auth-schemas';

const VECTOR_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

describe('L1 typed data (docs/api.md §2)', () => {
  it('reproduces the contract test vector', async () => {
    const account = privateKeyToAccount(VECTOR_KEY);
    const signature = await account.signTypedData(
      buildClobAuthTypedData({ address: account.address, timestamp: '10000000', nonce: 23, chainId: 80002 }),
    );
    expect(signature.startsWith('0xf62319a9')).toBe(true);
    expect(signature.endsWith('a1aedc1b')).toBe(true);
  });

  it('uses the reference clients’ domain name unless given another, and signs differently under it', async () => {
    const account = privateKeyToAccount(VECTOR_KEY);
    const fields = { address: account.address, timestamp: '10000000', nonce: 23, chainId: 80002 };
    expect(buildClobAuthTypedData(fields).domain.name).toBe('ClobAuthDomain');
    const own = buildClobAuthTypedData({ ...fields, domainName: 'Marketdesk' });
    expect(own.domain).toEqual({ name: 'Marketdesk', version: '1', chainId: 80002 });
    const signature = await account.signTypedData(own);
    expect(signature.startsWith('0xf62319a9')).toBe(false);
    const headers = await createL1Headers(account, {
      chainId: 80002,
      timestamp: '10000000',
      nonce: 23,
      domainName: 'Marketdesk',
    });
    expect(headers.SVC_SIGNATURE).toBe(signature);
  });

  it('signs the same bytes whatever the hex case of the address', async () => {
    const account = privateKeyToAccount(VECTOR_KEY);
    const fields = { timestamp: '10000000', nonce: 23n, chainId: 80002 };
    const a = await account.signTypedData(buildClobAuthTypedData({ ...fields, address: account.address }));
    const b = await account.signTypedData(
      buildClobAuthTypedData({ ...fields, address: account.address.toLowerCase() }),
    );
    expect(a).toBe(b);
  });

  it('turns a local account into headers whose signature recovers to the address', async () => {
    const account = privateKeyToAccount(VECTOR_KEY);
    const headers = await createL1Headers(account, { chainId: 137, timestamp: 1_700_000_000, nonce: 5n });
    expect(headers).toMatchObject({
      SVC_ADDRESS: account.address,
      SVC_TIMESTAMP: '1700000000',
      SVC_NONCE: '5',
    });
    const recovered = await recoverTypedDataAddress({
      ...buildClobAuthTypedData({
        address: account.address,
        timestamp: '1700000000',
        nonce: 5n,
        chainId: 137,
      }),
      signature: headers.SVC_SIGNATURE as `0x${string}`,
    });
    expect(recovered).toBe(account.address);
  });

  it('turns a wallet client into the same headers', async () => {
    const account = privateKeyToAccount(VECTOR_KEY);
    const client = createWalletClient({
      account,
      transport: custom({
        request: async () => {
          throw new Error('a local account signs without the transport');
        },
      }),
    });
    const options = { chainId: 80002, timestamp: '10000000', nonce: 23 };
    expect(await createL1Headers(client, options)).toEqual(await createL1Headers(account, options));
  });

  it('builds headers from a signature made elsewhere (wagmi)', () => {
    expect(l1HeadersFromSignature({ address: '0xAbC', timestamp: '1', nonce: 7n }, '0x1234')).toEqual({
      SVC_ADDRESS: '0xAbC',
      SVC_TIMESTAMP: '1',
      SVC_NONCE: '7',
      SVC_SIGNATURE: '0x1234',
    });
  });

  it('accepts nonces 0 … 2^256−1 without sign or leading zeros', () => {
    expect(isValidNonce('0')).toBe(true);
    expect(isValidNonce((2n ** 256n - 1n).toString())).toBe(true);
    expect(isValidNonce((2n ** 256n).toString())).toBe(false);
    for (const bad of ['01', '-1', '+1', '1.0', '1e3', ' 1', '', '0x1'])
      expect(isValidNonce(bad)).toBe(false);
    expect(randomNonce()).toBeTypeOf('bigint');
  });
});

describe('L2 HMAC (docs/api.md §3)', () => {
  const secret = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

  it('reproduces the contract test vector', async () => {
    const message = buildL2Message({
      timestamp: 1000000,
      method: 'test-sign',
      path: '/orders',
      body: '{"hash": "0x123"}',
    });
    expect(await signL2(secret, message)).toBe('ZwAdJKvoYRlEKDkNMwd5BuwNNtg93kNaR_oU2HrfVvc=');
  });

  it('accepts the secret unpadded and in the standard alphabet', async () => {
    const message = buildL2Message({ timestamp: 1, method: 'GET', path: '/api-keys' });
    const expected = await signL2(secret, message);
    expect(await signL2(secret.replace(/=$/, ''), message)).toBe(expected);
    const random = bytesToBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
    expect(await signL2(random.replace(/-/g, '+').replace(/_/g, '/'), message)).toBe(
      await signL2(random, message),
    );
  });

  it('builds the L2 headers of a request', async () => {
    const headers = await createL2Headers(
      { apiKey: 'k', secret, passphrase: 'p' },
      { method: 'GET', path: '/api-keys', timestamp: 5, address: '0xabc' },
    );
    expect(headers).toEqual({
      SVC_API_KEY: 'k',
      SVC_TIMESTAMP: '5',
      SVC_PASSPHRASE: 'p',
      SVC_ADDRESS: '0xabc',
      SVC_SIGNATURE: await signL2(secret, buildL2Message({ timestamp: 5, method: 'GET', path: '/api-keys' })),
    });
  });
});

describe('base64 helpers', () => {
  it('round-trips every length in both alphabets, padded or not', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = globalThis.crypto.getRandomValues(new Uint8Array(n));
      const forms = [
        bytesToBase64Url(bytes),
        bytesToBase64Url(bytes, { padding: false }),
        bytesToBase64(bytes),
      ];
      for (const form of forms) {
        if (n === 0) expect(base64ToBytes(form)).toBeNull();
        else expect(bytesToHex(base64ToBytes(form) ?? new Uint8Array())).toBe(bytesToHex(bytes));
      }
    }
  });

  it('rejects text that is not base64', () => {
    for (const bad of ['a', 'ab=c', 'ab===', '@@@@', 'abc==', 'ab cd']) expect(base64ToBytes(bad)).toBeNull();
  });

  it('describes the credentials of docs/api.md §4', () => {
    expect(
      ApiKeyCredentials.safeParse({
        apiKey: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
        secret: bytesToBase64Url(new Uint8Array(32)),
        passphrase: 'a'.repeat(64),
      }).success,
    ).toBe(true);
  });
});

describe('inSpellingSent', () => {
  const sentOnly =
    (...names: string[]) =>
    (name: string) =>
      names.includes(name);
  const missing =
    'Level 1 authentication needs SVC_ADDRESS, SVC_NONCE (or the same names with POLY_ for SVC_); missing: SVC_NONCE.';

  it('names the headers POLY_* for a client that sent only those, and swaps the spelling note', () => {
    expect(inSpellingSent(missing, sentOnly('POLY_ADDRESS'))).toBe(
      'Level 1 authentication needs POLY_ADDRESS, POLY_NONCE (or the same names with SVC_ for POLY_); missing: POLY_NONCE.',
    );
    // A response header keeps its one name.
    expect(inSpellingSent('See SVC_SERVER_TIME; SVC_TIMESTAMP is late.', sentOnly('POLY_TIMESTAMP'))).toBe(
      'See SVC_SERVER_TIME; POLY_TIMESTAMP is late.',
    );
  });

  it('leaves the message as it is for SVC_* headers, both spellings, or none', () => {
    expect(inSpellingSent(missing, sentOnly('SVC_ADDRESS'))).toBe(missing);
    expect(inSpellingSent(missing, sentOnly('SVC_ADDRESS', 'POLY_NONCE'))).toBe(missing);
    expect(inSpellingSent(missing, sentOnly())).toBe(missing);
  });
});
