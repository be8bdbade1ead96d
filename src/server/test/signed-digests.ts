import type { Worker } from 'node:worker_threads';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToLowerHex } from '../../contract/orders';
import { addressOfPublicKey, parseSignature } from '../signatures/signature';
import { encodeRequests, keyAt } from '../signatures/signature-batch';

const accounts = [1, 2, 3].map((i) =>
  privateKeyToAccount(`0x${i.toString(16).padStart(64, '0')}` as `0x${string}`),
);

/** `count` digests, each signed by one of three accounts (and which one). */
export async function signedDigests(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const digest = new Uint8Array(32).map((_, j) => (i * 31 + j * 7) & 0xff);
      const account = accounts[i % accounts.length]!;
      const signature = await account.sign({ hash: bytesToLowerHex(digest) });
      return { digest, signature, signer: account.address.toLowerCase() };
    }),
  );
}

/** Asks a thread for the keys of these signatures, as the pool does; the signer of each (or null). */
export async function askThread(worker: Worker, signed: { digest: Uint8Array; signature: string }[]) {
  const requests = encodeRequests(
    signed.map((s) => ({ digest: s.digest, parsed: parseSignature(s.signature)! })),
  );
  const answer = new Promise<{ id: number; keys: Uint8Array }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  worker.postMessage({ id: 7, requests });
  const { id, keys } = await answer;
  if (id !== 7) throw new Error(`the answer of batch ${id}, not 7`);
  return signed.map((_, i) => {
    const key = keyAt(keys, i);
    return key && addressOfPublicKey(key);
  });
}
