import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverSigner } from './signature';
import { type SignaturePool, signaturePool, startSignatureWorker } from './signature-pool';
import { askThread, signedDigests } from '../test/signed-digests';

/** Signatures checked on threads of their own (signature-pool.ts) answer exactly as on the server's thread. */

let pool: SignaturePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the signature pool', () => {
  it('its thread (from the sources here) recovers the keys of a batch', async () => {
    const worker = startSignatureWorker();
    try {
      const signed = await signedDigests(5);
      const bad = {
        digest: new Uint8Array(32).fill(1),
        signature: `0x${'0'.repeat(63)}5${signed[0]!.signature.slice(66)}`,
      };
      expect(await askThread(worker, [...signed, bad])).toEqual([...signed.map((s) => s.signer), null]);
    } finally {
      await worker.terminate();
    }
  });

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

  it('closed with signatures on the way, again and again: each is answered, and the process lives', async () => {
    const signed = await signedDigests(300);
    // A thread stopped inside the native recovery used to abort the whole process ('Napi::Error'), about
    // one run of this loop in three: the pool now asks its threads to end after their batches.
    for (let round = 0; round < 15; round++) {
      pool = signaturePool(1);
      // Started, so that the batch is on a thread when the pool closes.
      expect(await pool.recover(signed[0]!.digest, signed[0]!.signature)).toBe(signed[0]!.signer);
      const answers = Promise.all(signed.map((s) => pool!.recover(s.digest, s.signature)));
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, round % 5));
      await pool.close();
      expect(await answers).toEqual(signed.map((s) => s.signer));
      expect(await pool.recover(signed[1]!.digest, signed[1]!.signature)).toBe(signed[1]!.signer);
    }
  }, 60_000);

  it('threads that fail (here, a file that is not there): every signature is checked on the server’s thread', async () => {
    pool = signaturePool(1, () => new Worker(new URL('./no-such-worker.mjs', import.meta.url)));
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
