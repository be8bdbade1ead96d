import { describe, expect, it } from 'vitest';
import { NetworkError } from '../api-client';
import { ClobError } from './clob-request';
import { failure, failureText } from './failure-text';
import { keyLimitWords } from './key-limit';

// The server's sentence, written for API clients.
const atLimit = new ClobError(
  409,
  'KEY_LIMIT_REACHED',
  'This address already has 10 active API keys, the maximum; revoke one (DELETE /api-keys) before creating another.',
);

describe('a failed trading step in words', () => {
  it('at the key limit: words for a person, and the Keys page to put it right', () => {
    expect(failure(atLimit)).toEqual({
      text: 'You already have 10 active keys. That is the most one wallet can have, and a trading session needs one of its own: revoke a key you no longer use on the Keys page, then try again.',
      fixAt: '/keys',
    });
    expect(failureText(atLimit)).not.toMatch(/DELETE|\/api-keys/);
    // The same fact in the same words as the Keys page: both take them from key-limit.ts.
    expect(failureText(atLimit)).toContain(`${keyLimitWords.title}. ${keyLimitWords.why}`);
  });

  it("other failures: the server's or the wallet's sentence, with no link", () => {
    expect(failure(new NetworkError('Could not reach the server.'))).toEqual({
      text: 'Could not reach the server.',
    });
    expect(failure(new ClobError(400, 'INVALID_ORDER', 'Price is off the tick.'))).toEqual({
      text: 'Price is off the tick.',
    });
  });
});
