import { bytesToLowerHex } from '../../contract/eip712';
import { MAX_ORDER_SLOTS } from '../../contract/orders';
import { type Checked, type CompactSignature, checkParsed, type TypedMessage } from './signature';

/**
 * What goes between the signature pool (signature-pool.ts) and its threads (signature-worker.ts): one
 * message each way per batch. A request is a typed message and its signature: domain separator (32
 * bytes) ‖ slot count (1) ‖ the encoded struct, zero-padded to MAX_ORDER_SLOTS slots ‖ r ‖ s (64) ‖
 * recovery id (1). An answer is the message's digest (32) ‖ the signer's address (20) ‖ 1 when there
 * is one, else 0. The thread does all the hashing (the struct, the digest, the key's address) as well
 * as the recovery: ~40 µs of the server's thread an order otherwise.
 */
const SLOTS_AT = 33;
const SIGNATURE_AT = SLOTS_AT + MAX_ORDER_SLOTS * 32;
const REQUEST = SIGNATURE_AT + 65;
const ANSWER = 53;

/** The message that asks a thread to end once it has answered every batch sent before it. */
export const CLOSE = 'close';

/** Whether a thread can take this message: a 32-byte separator and whole slots, no more than an order has. */
export const fitsRequest = ({ separator, struct }: TypedMessage): boolean =>
  separator.length === 32 && struct.length % 32 === 0 && struct.length <= MAX_ORDER_SLOTS * 32;

export function encodeRequests(
  batch: readonly { message: TypedMessage; parsed: CompactSignature }[],
): Uint8Array<ArrayBuffer> {
  const requests = new Uint8Array(batch.length * REQUEST);
  batch.forEach(({ message, parsed }, i) => {
    const at = i * REQUEST;
    requests.set(message.separator, at);
    requests[at + 32] = message.struct.length / 32;
    requests.set(message.struct, at + SLOTS_AT);
    requests.set(parsed.compact, at + SIGNATURE_AT);
    requests[at + SIGNATURE_AT + 64] = parsed.recovery;
  });
  return requests;
}

/** On a thread: the digest and signer of each request, in order. */
export function checkRequests(requests: Uint8Array): Uint8Array<ArrayBuffer> {
  const count = requests.length / REQUEST;
  const answers = new Uint8Array(count * ANSWER);
  for (let i = 0; i < count; i++) {
    const at = i * REQUEST;
    const slots = requests[at + 32]!;
    const { digest, address } = checkParsed(
      {
        separator: requests.subarray(at, at + 32),
        struct: requests.subarray(at + SLOTS_AT, at + SLOTS_AT + slots * 32),
      },
      {
        compact: requests.subarray(at + SIGNATURE_AT, at + SIGNATURE_AT + 64),
        recovery: requests[at + SIGNATURE_AT + 64] as 0 | 1,
      },
    );
    answers.set(digest, i * ANSWER);
    if (address) {
      answers.set(address, i * ANSWER + 32);
      answers[i * ANSWER + 52] = 1;
    }
  }
  return answers;
}

/** The i-th answer. */
export function answerAt(answers: Uint8Array, i: number): Checked {
  const at = i * ANSWER;
  return {
    digest: answers.slice(at, at + 32),
    signer: answers[at + 52] === 1 ? bytesToLowerHex(answers.subarray(at + 32, at + 52)) : null,
  };
}
