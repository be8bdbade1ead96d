import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { digestOfStruct } from '../../contract/eip712';
import { checkSignature, recoverSigner } from './signature';
import { type SignaturePool, signaturePool, startSignatureWorker } from './signature-pool';
import { askThread, expected, signedMessages } from '../test/signed-digests';

/** Signatures checked on threads of their own (signature-pool.ts) answer exactly as on the server's thread. */

let pool: SignaturePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the signature pool', () => {
  it('its thread (from the sources here) hashes each message of a batch and recovers its signer', async () => {
    const worker = startSignatureWorker();
    try {
      const signed = await signedMessages(5);
      const first = signed[0]!;
      // r is the x of no point on the curve: the digest, and no signer.
      const bad = { ...first, signature: `0x${'0'.repeat(63)}5${first.signature.slice(66)}` };
      expect(await askThread(worker, [...signed, bad])).toEqual([
        ...expected(signed),
        { digest: first.digest, signer: null },
      ]);
    } finally {
      await worker.terminate();
    }
  });

  it('answers every signature of a burst with its digest and signer, in batches over its threads', async () => {
    pool = signaturePool(2);
    const signed = await signedMessages(150);
    const answers = await Promise.all(signed.map((s) => pool!.check(s.message, s.signature)));
    expect(answers).toEqual(expected(signed));
  });

  it('answers as the server’s thread does: malformed, high-s, an odd struct, no key, another message', async () => {
    pool = signaturePool(1);
    const { message, digest, signature } = (await signedMessages(1))[0]!;
    const r = signature.slice(2, 66);
    const noSigner = [
      [message, '0x1234'],
      [message, `0x${r}${'f'.repeat(64)}1b`],
      // r is the x of no point on the curve: recovery itself fails (on the thread).
      [message, `0x${'0'.repeat(63)}5${signature.slice(66)}`],
    ] as const;
    for (const [m, s] of noSigner) {
      expect(checkSignature(m, s)).toEqual({ digest, signer: null });
      expect(await pool.check(m, s)).toEqual({ digest, signer: null });
    }
    // A struct longer than an order's, or not of whole slots, is hashed as it is (here, not on the thread).
    for (const struct of [new Uint8Array(14 * 32).fill(3), message.struct.subarray(1)]) {
      const other = { separator: message.separator, struct };
      const d = digestOfStruct(message.separator, struct);
      expect(await pool.check(other, signature)).toEqual({ digest: d, signer: recoverSigner(d, signature) });
    }
    // Another message than the one signed recovers someone else, as on the server's thread.
    const other = { separator: message.separator, struct: new Uint8Array(13 * 32).fill(9) };
    expect(await pool.check(other, signature)).toEqual(checkSignature(other, signature));
    expect((await pool.check(other, signature)).signer).not.toBeNull();
  });

  it('closed with signatures on the way, again and again: each is answered, and the process lives', async () => {
    const signed = await signedMessages(300);
    // A thread stopped inside the native recovery used to abort the whole process ('Napi::Error'), about
    // one run of this loop in three: the pool now asks its threads to end after their batches.
    for (let round = 0; round < 15; round++) {
      pool = signaturePool(1);
      const [a, b] = signed as [(typeof signed)[0], (typeof signed)[0]];
      // Started, so that the batch is on a thread when the pool closes.
      expect((await pool.check(a.message, a.signature)).signer).toBe(a.signer);
      const answers = Promise.all(signed.map((s) => pool!.check(s.message, s.signature)));
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, round % 5));
      await pool.close();
      expect(await answers).toEqual(expected(signed));
      expect((await pool.check(b.message, b.signature)).signer).toBe(b.signer);
    }
  }, 60_000);

  it('threads that fail (here, a file that is not there): every signature is checked on the server’s thread', async () => {
    pool = signaturePool(1, () => new Worker(new URL('./no-such-worker.mjs', import.meta.url)));
    const signed = await signedMessages(12);
    for (const s of signed) expect(await pool.check(s.message, s.signature)).toEqual(expected([s])[0]);
  });

  it('with no threads, checks on the server’s thread', async () => {
    pool = signaturePool(0);
    const signed = await signedMessages(3);
    expect(await Promise.all(signed.map((s) => pool!.check(s.message, s.signature)))).toEqual(
      expected(signed),
    );
  });
});
