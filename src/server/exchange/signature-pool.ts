import { Piscina } from 'piscina';
import type { Hex } from 'viem';
import { addressOfPublicKey, type CompactSignature, parseSignature, recoverSigner } from './signature';

/** Who signed a 32-byte digest (signature.ts `recoverSigner`), answered when it is known. */
export type RecoverSigner = (digest: Uint8Array, signature: string) => Promise<Hex | null>;

export interface SignaturePool {
  recover: RecoverSigner;
  close(): Promise<void>;
}

const REQUEST = 97;
const KEY = 65;
/** Signatures a thread takes in one message: enough to make a message's cost small beside the work. */
const MOST_PER_MESSAGE = 64;

interface Waiting {
  digest: Uint8Array;
  signature: string;
  parsed: CompactSignature;
  resolve: (signer: Hex | null) => void;
}

const recoverHere = (w: Waiting) => w.resolve(recoverSigner(w.digest, w.signature));

/**
 * Order signatures checked on `threads` threads of their own (0: on the server's thread). The key
 * recovery is the one costly step (~50 µs natively); it goes to the threads in batches of what arrived
 * in the same turn of the event loop, one message each way per batch, and the cheap rest (parsing,
 * the address's hash) stays here. A batch whose thread fails is checked here instead: an order is
 * never refused, or accepted, because a thread died.
 */
export function signaturePool(threads: number): SignaturePool {
  if (threads < 1)
    return { recover: async (digest, signature) => recoverSigner(digest, signature), close: async () => {} };
  // Started with the first order, not with the server: most processes (and tests) never check one.
  let pool: Piscina | null = null;
  let closed = false;
  let queue: Waiting[] = [];
  let flushing = false;

  const send = (batch: Waiting[]) => {
    const requests = new Uint8Array(batch.length * REQUEST);
    batch.forEach((w, i) => {
      requests.set(w.digest, i * REQUEST);
      requests.set(w.parsed.compact, i * REQUEST + 32);
      requests[i * REQUEST + 96] = w.parsed.recovery;
    });
    pool ??= new Piscina({
      filename: new URL('./signature-worker.mjs', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
    });
    pool.run(requests).then(
      (keys: Uint8Array) => {
        batch.forEach((w, i) => {
          const key = keys.subarray(i * KEY, (i + 1) * KEY);
          w.resolve(key[0] === 4 ? addressOfPublicKey(key) : null);
        });
      },
      () => batch.forEach(recoverHere),
    );
  };

  const flush = () => {
    flushing = false;
    const waiting = queue;
    queue = [];
    if (closed) return waiting.forEach(recoverHere);
    // Spread over the threads, in messages of at most MOST_PER_MESSAGE.
    const size = Math.min(MOST_PER_MESSAGE, Math.ceil(waiting.length / threads));
    for (let i = 0; i < waiting.length; i += size) send(waiting.slice(i, i + size));
  };

  return {
    recover(digest, signature) {
      const parsed = digest.length === 32 ? parseSignature(signature) : null;
      if (!parsed) return Promise.resolve(null);
      if (closed) return Promise.resolve(recoverSigner(digest, signature));
      return new Promise((resolve) => {
        queue.push({ digest, signature, parsed, resolve });
        if (!flushing) {
          flushing = true;
          setImmediate(flush);
        }
      });
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
