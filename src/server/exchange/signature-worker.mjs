// A thread of the signature pool (signature-pool.ts): recovers the public keys of a batch of order
// signatures with libsecp256k1, so that the server's own thread does not spend ~50 µs an order on it.
// Plain JavaScript, loaded by path: the server's bundle (start.mjs) copies it beside itself.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** The native binding, or the package's pure-JavaScript fallback (signature.ts says which the server uses). */
const secp256k1 = (() => {
  try {
    return require('secp256k1/bindings');
  } catch {
    return require('secp256k1/elliptic');
  }
})();

/** Bytes of one request (digest ‖ r ‖ s ‖ recovery id) and of one answer (uncompressed key; all zero: none). */
const REQUEST = 97;
const KEY = 65;

/** @param {Uint8Array} requests @returns {Uint8Array} */
function recoverKeys(requests) {
  const count = requests.length / REQUEST;
  const keys = new Uint8Array(count * KEY);
  for (let i = 0; i < count; i++) {
    const at = i * REQUEST;
    try {
      const key = secp256k1.ecdsaRecover(
        requests.subarray(at + 32, at + 96),
        requests[at + 96],
        requests.subarray(at, at + 32),
        false,
      );
      keys.set(key, i * KEY);
    } catch {
      // No key: the answer stays zero, which is no valid key (they start with 0x04).
    }
  }
  return keys;
}

parentPort?.on('message', (/** @type {{ id: number, requests: Uint8Array }} */ message) => {
  const keys = recoverKeys(message.requests);
  parentPort?.postMessage({ id: message.id, keys });
});
