// A thread of the signature pool (signature-pool.ts): recovers the public keys of a batch of order
// signatures, so that the server's own thread does not spend ~50 µs an order on it. start.mjs bundles
// it beside the server as signature-worker.mjs.
import { parentPort } from 'node:worker_threads';
import { recoverKeys } from './signature-batch';

parentPort?.on('message', ({ id, requests }: { id: number; requests: Uint8Array }) => {
  const keys = recoverKeys(requests);
  parentPort?.postMessage({ id, keys }, [keys.buffer]);
});
