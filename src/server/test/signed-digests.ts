import type { Worker } from 'node:worker_threads';
import { privateKeyToAccount } from 'viem/accounts';
import { digestOfStruct } from '../../contract/eip712';
import { bytesToLowerHex, type OrderDomain, orderDigest, type VersionedOrder } from '../../contract/orders';
import { type Checked, parseSignature, recoverSigner, type TypedMessage } from '../signatures/signature';
import { answerAt, encodeRequests } from '../signatures/signature-batch';

/** The signer of an order by our digest (contract/orders.ts orderDigest); null when none is found. */
export const recoverOrderSigner = (order: VersionedOrder, domain: OrderDomain, signature: string) =>
  recoverSigner(orderDigest(order, domain), signature);

const accounts = [1, 2, 3].map((i) =>
  privateKeyToAccount(`0x${i.toString(16).padStart(64, '0')}` as `0x${string}`),
);

/**
 * `count` typed messages (a separator and a struct of 12 or 13 slots, as orders of either version
 * have), each signed by one of three accounts: the message, its digest, the signature and the signer.
 */
export async function signedMessages(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const separator = new Uint8Array(32).map((_, j) => (i * 31 + j * 7) & 0xff);
      const struct = new Uint8Array((12 + (i % 2)) * 32).map((_, j) => (i * 13 + j * 5) & 0xff);
      const message: TypedMessage = { separator, struct };
      const digest = digestOfStruct(separator, struct);
      const account = accounts[i % accounts.length]!;
      const signature = await account.sign({ hash: bytesToLowerHex(digest) });
      return { message, digest, signature, signer: account.address.toLowerCase() };
    }),
  );
}

/** What a check of each message should answer: its digest and signer. */
export const expected = (signed: { digest: Uint8Array; signer: string }[]): Checked[] =>
  signed.map(({ digest, signer }) => ({ digest, signer: signer as `0x${string}` }));

/** Asks a thread to check these signatures, as the pool does: the digest and signer of each. */
export async function askThread(
  worker: Worker,
  signed: { message: TypedMessage; signature: string }[],
): Promise<Checked[]> {
  const requests = encodeRequests(
    signed.map((s) => ({ message: s.message, parsed: parseSignature(s.signature)! })),
  );
  const reply = new Promise<{ id: number; answers: Uint8Array }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  worker.postMessage({ id: 7, requests });
  const { id, answers } = await reply;
  if (id !== 7) throw new Error(`the answer of batch ${id}, not 7`);
  return signed.map((_, i) => answerAt(answers, i));
}
