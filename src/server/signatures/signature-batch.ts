import { type CompactSignature, recoverPublicKey } from './signature';

/**
 * What goes between the signature pool (signature-pool.ts) and its threads (signature-worker.ts): one
 * message each way per batch. A request is digest ‖ r ‖ s ‖ recovery id (97 bytes); an answer is the
 * uncompressed public key (65 bytes), all zero when there is none (a key starts with 0x04).
 */
const REQUEST = 97;

/** The message that asks a thread to end once it has answered every batch sent before it. */
export const CLOSE = 'close';
const KEY = 65;

export function encodeRequests(
  batch: readonly { digest: Uint8Array; parsed: CompactSignature }[],
): Uint8Array<ArrayBuffer> {
  const requests = new Uint8Array(batch.length * REQUEST);
  batch.forEach(({ digest, parsed }, i) => {
    requests.set(digest, i * REQUEST);
    requests.set(parsed.compact, i * REQUEST + 32);
    requests[i * REQUEST + 96] = parsed.recovery;
  });
  return requests;
}

/** On a thread: the key of each request, in order. */
export function recoverKeys(requests: Uint8Array): Uint8Array<ArrayBuffer> {
  const count = requests.length / REQUEST;
  const keys = new Uint8Array(count * KEY);
  for (let i = 0; i < count; i++) {
    const at = i * REQUEST;
    const parsed = { compact: requests.subarray(at + 32, at + 96), recovery: requests[at + 96] as 0 | 1 };
    const key = recoverPublicKey(requests.subarray(at, at + 32), parsed);
    if (key) keys.set(key, i * KEY);
  }
  return keys;
}

/** The i-th answer's key, or null. */
export function keyAt(keys: Uint8Array, i: number): Uint8Array | null {
  const key = keys.subarray(i * KEY, (i + 1) * KEY);
  return key[0] === 4 ? key : null;
}
