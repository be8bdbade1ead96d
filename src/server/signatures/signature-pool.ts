import { Worker } from 'node:worker_threads';
import {
  type Checked,
  type CompactSignature,
  checkSignature,
  parseSignature,
  type TypedMessage,
} from './signature';
import { answerAt, CLOSE, encodeRequests, fitsRequest } from './signature-batch';

/** A typed message's digest and signer (signature.ts `checkSignature`), answered when they are known. */
export type CheckSignature = (message: TypedMessage, signature: string) => Promise<Checked>;

export interface SignaturePool {
  check: CheckSignature;
  close(): Promise<void>;
}

/**
 * A thread running signature-worker.ts: beside `npm start`'s bundle, the bundled file (start.mjs builds
 * both); from the sources (tsx, Vitest), the TypeScript itself through tsx, which a worker does not
 * inherit from its process's `--import`.
 */
export function startSignatureWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./signature-worker.mjs', import.meta.url));
  const file = JSON.stringify(new URL('./signature-worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${file}); })`, {
    eval: true,
  });
}

/** Threads that may fail (a missing file, a crash) before the pool checks everything here instead. */
const MOST_FAILURES = 3;

interface Waiting {
  message: TypedMessage;
  signature: string;
  parsed: CompactSignature;
  resolve: (checked: Checked) => void;
}

const checkHere = (w: Waiting) => w.resolve(checkSignature(w.message, w.signature));

/** One thread and the batches it has not answered yet; when it fails, they are checked here. */
class SignatureThread {
  private readonly worker: Worker;
  private readonly batches = new Map<number, Waiting[]>();
  private nextId = 0;
  failed = false;

  constructor(start: () => Worker) {
    this.worker = start();
    this.worker.on('message', ({ id, answers }: { id: number; answers: Uint8Array }) => {
      const batch = this.batches.get(id);
      this.batches.delete(id);
      batch?.forEach((w, i) => {
        w.resolve(answerAt(answers, i));
      });
      if (this.batches.size === 0) this.worker.unref();
    });
    const fail = () => {
      this.failed = true;
      for (const batch of this.batches.values()) batch.forEach(checkHere);
      this.batches.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  send(batch: Waiting[]): void {
    const requests = encodeRequests(batch);
    const id = this.nextId++;
    this.batches.set(id, batch);
    // Referenced only while it owes answers: an idle pool never keeps the process alive.
    this.worker.ref();
    this.worker.postMessage({ id, requests }, [requests.buffer]);
  }

  /**
   * Asks the thread to end after the batches it has (they are answered), rather than terminating it: a
   * thread stopped inside the native recovery makes the binding throw where nothing catches it, and
   * that aborts the whole process ("terminate called after throwing an instance of 'Napi::Error'").
   * Terminated only if it has not ended within CLOSE_WAIT_MS.
   */
  async close(): Promise<void> {
    if (this.failed) return;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.ref();
    this.worker.postMessage(CLOSE);
    const timer = setTimeout(() => void this.worker.terminate(), CLOSE_WAIT_MS);
    await exited;
    clearTimeout(timer);
  }
}

const CLOSE_WAIT_MS = 5_000;

/**
 * Order signatures checked on `threads` threads of their own (0: on the server's thread). The key
 * recovery is the costly step (~50 µs natively, ~2 ms with the JavaScript fallback), then the hashing
 * (the struct, the digest, the key's address: ~15 µs); both go to the threads in batches of what
 * arrived in the same turn of the event loop, one message each way per batch; the parsing stays here.
 * Plain worker threads rather than a pool library: piscina's bookkeeping cost the server's thread ~45 µs
 * a message, as much as the recovery it saved when orders arrive one at a time (docs/performance.md).
 * A batch whose thread fails is checked here instead, and the thread replaced (MOST_FAILURES times at
 * the most): an order is never refused, or accepted, because a thread died.
 */
export function signaturePool(
  threads: number,
  startWorker: () => Worker = startSignatureWorker,
): SignaturePool {
  if (threads < 1)
    return { check: async (message, signature) => checkSignature(message, signature), close: async () => {} };
  // Started with the first order, not with the server: most processes (and tests) never check one.
  const running: SignatureThread[] = [];
  let turn = 0;
  let closed = false;
  let queue: Waiting[] = [];
  let flushing = false;

  let failures = 0;

  /** The next thread, started (again) when needed; none once threads have failed MOST_FAILURES times. */
  const thread = (): SignatureThread | null => {
    turn = (turn + 1) % threads;
    let t = running[turn];
    if (t?.failed) {
      failures += 1;
      t = undefined;
    }
    if (!t) {
      if (failures >= MOST_FAILURES) return null;
      t = new SignatureThread(startWorker);
      running[turn] = t;
    }
    return t;
  };

  const flush = () => {
    flushing = false;
    const waiting = queue;
    queue = [];
    if (closed) return waiting.forEach(checkHere);
    const size = Math.ceil(waiting.length / threads);
    for (let i = 0; i < waiting.length; i += size) {
      const batch = waiting.slice(i, i + size);
      const t = thread();
      if (t) t.send(batch);
      else batch.forEach(checkHere);
    }
  };

  return {
    check(message, signature) {
      const parsed = parseSignature(signature);
      // Nothing to recover, or not a message a thread takes: checked here (only a refusal is that cheap).
      if (!parsed || closed || !fitsRequest(message))
        return Promise.resolve(checkSignature(message, signature));
      return new Promise((resolve) => {
        queue.push({ message, signature, parsed, resolve });
        if (!flushing) {
          flushing = true;
          setImmediate(flush);
        }
      });
    },
    async close() {
      closed = true;
      await Promise.all(running.map((t) => t.close()));
    },
  };
}
