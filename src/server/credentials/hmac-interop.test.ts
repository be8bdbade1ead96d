import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToBase64Url } from '../../contract/auth-base64';
import { buildL2Message, signL2 } from '../../contract/auth-l2';
import { l2Mac, signedPath } from './level2';

/** The server verifies with node:crypto what clients sign with the contract's WebCrypto code. */
describe('L2 HMAC interop', () => {
  it('node:crypto and WebCrypto agree on random inputs, body bytes taken as they are', async () => {
    for (let i = 0; i < 20; i++) {
      const key = globalThis.crypto.getRandomValues(new Uint8Array(32));
      const body = globalThis.crypto.getRandomValues(new Uint8Array(i * 7));
      const message = buildL2Message({
        timestamp: 1700000000 + i,
        method: 'DELETE',
        path: '/api-keys',
        body,
      });
      const expected = createHmac('sha256', key).update(message).digest('base64url');
      expect(await signL2(bytesToBase64Url(key), message)).toBe(`${expected}=`);
      // The server's two-part HMAC over the same parts.
      const path = i % 2 === 0 ? '/api-keys' : '/api-k\u00e9ys%20x';
      const parts = { timestamp: String(1700000000 + i), method: 'DELETE', path, body };
      expect(l2Mac(key, parts.timestamp, parts.method, parts.path, body).toString('base64url')).toBe(
        createHmac('sha256', key).update(buildL2Message(parts)).digest('base64url'),
      );
    }
  });

  it('signs the request-line path relative to the mount, without the query string', () => {
    expect(signedPath('/clob/api-keys?apiKey=x', '/clob')).toBe('/api-keys');
    expect(signedPath('/clob/api%2Dkeys', '/clob')).toBe('/api%2Dkeys');
    expect(signedPath('/v2/clob/api-keys', '/v2/clob')).toBe('/api-keys');
  });
});
