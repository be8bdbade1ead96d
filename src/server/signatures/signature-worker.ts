// A thread of the signature pool (signature-pool.ts): hashes a batch of orders and recovers their
// signers, so that the server's own thread does not spend ~60 µs an order on it. start.mjs bundles
// it beside the server as signature-worker.mjs.
import { parentPort } from 'node:worker_threads';
import { CLOSE, checkRequests } from './signature-batch';

parentPort?.on('message', (message: { id: number; requests: Uint8Array } | typeof CLOSE) => {
  // Asked to stop after the batches sent before: with the port closed the thread ends by itself.
  if (message === CLOSE) return parentPort?.close();
  const answers = checkRequests(message.requests);
  parentPort?.postMessage({ id: message.id, answers }, [answers.buffer]);
});
