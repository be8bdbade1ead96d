import fc from 'fast-check';
import { hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { buildClobAuthTypedData } from './auth';
import { clobAuthDigest } from './clob-auth';
import { bytesToLowerHex } from './eip712';

const fields = fc.record({
  address: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => bytesToLowerHex(b)),
  timestamp: fc.oneof(fc.nat().map(String), fc.string({ maxLength: 30 })),
  nonce: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  chainId: fc.oneof(fc.constantFrom(137, 80002), fc.nat()),
  domainName: fc.oneof(fc.constant('ClobAuthDomain'), fc.string({ maxLength: 40 })),
});

describe('clobAuthDigest', () => {
  it('equals viem’s hashTypedData of the Level 1 typed data, any fields and domain', () => {
    fc.assert(
      fc.property(fields, (f) => {
        expect(bytesToLowerHex(clobAuthDigest(f))).toBe(hashTypedData(buildClobAuthTypedData(f)));
      }),
      { numRuns: 300 },
    );
  });

  it('ignores the address’s case, and refuses a nonce that is no uint256', () => {
    const f = {
      address: '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01',
      timestamp: '1',
      nonce: 0n,
      chainId: 80002,
    };
    expect(clobAuthDigest(f)).toEqual(clobAuthDigest({ ...f, address: f.address.toLowerCase() }));
    expect(() => clobAuthDigest({ ...f, nonce: 2n ** 256n })).toThrow(RangeError);
    expect(() => clobAuthDigest({ ...f, nonce: -1n })).toThrow(RangeError);
  });
});
