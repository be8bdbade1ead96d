import { describe, expect, it } from 'vitest';
import { keccak256 as viemKeccak256 } from 'viem/utils';
import { keccak256 } from './keccak';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Deterministic bytes (a linear congruential generator), so that a failure can be rerun as it was. */
function bytesOf(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('keccak256', () => {
  it('gives the known hashes: the empty input, "abc", and Ethereum’s transfer selector', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    expect(hex(keccak256(new TextEncoder().encode('abc')))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
    expect(hex(keccak256(new TextEncoder().encode('transfer(address,uint256)'))).slice(0, 8)).toBe(
      'a9059cbb',
    );
  });

  it('equals viem’s on every length up to five blocks, across each block boundary', () => {
    // 136 bytes a block: lengths 135, 136 and 137 pad differently (the padding's first and last bytes).
    for (let length = 0; length <= 5 * 136 + 1; length++) {
      for (const seed of [1, length * 7919 + 3]) {
        const data = bytesOf(length, seed);
        expect(hex(keccak256(data)), `length ${length}, seed ${seed}`).toBe(
          hex(viemKeccak256(data, 'bytes')),
        );
      }
    }
  });

  it('reads only the bytes of a view, not the rest of its buffer', () => {
    const whole = bytesOf(300, 5);
    const view = whole.subarray(13, 213);
    expect(hex(keccak256(view))).toBe(hex(viemKeccak256(view.slice(), 'bytes')));
  });
});
