import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesToLowerHex } from '../../contract/orders';
import { recoverSigner } from './signature';
import { type SignaturePool, signaturePool } from './signature-pool';

/** Signatures checked on threads of their own (signature-pool.ts) answer exactly as on the server's thread. */

const accounts = [1, 2, 3].map((i) =>
  privateKeyToAccount(`0x${i.toString(16).padStart(64, '0')}` as `0x${string}`),
);

/** `count` digests, each signed by one of three accounts (and which one). */
async function signedDigests(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const digest = new Uint8Array(32).map((_, j) => (i * 31 + j * 7) & 0xff);
      const account = accounts[i % accounts.length]!;
      const signature = await account.sign({ hash: bytesToLowerHex(digest) });
      return { digest, signature, signer: account.address.toLowerCase() };
    }),
  );
}

let pool: SignaturePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the signature pool', () => {
  it('answers every signature of a burst with its signer, in batches over its threads', async () => {
    pool = signaturePool(2);
    const signed = await signedDigests(150);
    const answers = await Promise.all(signed.map((s) => pool!.recover(s.digest, s.signature)));
    expect(answers).toEqual(signed.map((s) => s.signer));
  });

  it('answers null where the server’s thread does: malformed, high-s, a short digest, no key', async () => {
    pool = signaturePool(1);
    const { digest, signature } = (await signedDigests(1))[0]!;
    const r = signature.slice(2, 66);
    const cases: [Uint8Array, string][] = [
      [digest, '0x1234'],
      [digest, `0x${r}${'f'.repeat(64)}1b`],
      [digest.subarray(1), signature],
      // r is the x of no point on the curve: recovery itself fails (on the thread).
      [digest, `0x${'0'.repeat(63)}5${signature.slice(66)}`],
    ];
    for (const [d, s] of cases) {
      expect(recoverSigner(d, s)).toBeNull();
      expect(await pool.recover(d, s)).toBeNull();
    }
    // Another digest than the one signed recovers someone else, as on the server's thread.
    const other = new Uint8Array(32).fill(9);
    expect(await pool.recover(other, signature)).toBe(recoverSigner(other, signature));
  });

  it('closed with signatures on the way: each is still answered, on the server’s thread', async () => {
    pool = signaturePool(1);
    const signed = await signedDigests(40);
    // Started, so that the batch is on a thread when the pool closes.
    expect(await pool.recover(signed[0]!.digest, signed[0]!.signature)).toBe(signed[0]!.signer);
    const answers = Promise.all(signed.map((s) => pool!.recover(s.digest, s.signature)));
    await new Promise((resolve) => setImmediate(resolve));
    await pool.close();
    expect(await answers).toEqual(signed.map((s) => s.signer));
    expect(await pool.recover(signed[1]!.digest, signed[1]!.signature)).toBe(signed[1]!.signer);
  });

  it('threads that fail (here, a file that is not there): every signature is checked on the server’s thread', async () => {
    pool = signaturePool(1, new URL('./no-such-worker.mjs', import.meta.url));
    const signed = await signedDigests(12);
    for (const s of signed) expect(await pool.recover(s.digest, s.signature)).toBe(s.signer);
  });

  it('with no threads, checks on the server’s thread', async () => {
    pool = signaturePool(0);
    const signed = await signedDigests(3);
    expect(await Promise.all(signed.map((s) => pool!.recover(s.digest, s.signature)))).toEqual(
      signed.map((s) => s.signer),
    );
  });
});
