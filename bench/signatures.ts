/**
 * npx tsx bench/signatures.ts — what checking one order's signature costs, ours against viem's, side by
 * side in one run: the EIP-712 hash (contract/orders.ts orderDigest against viem's hashTypedData),
 * the recovery (the native secp256k1 binding, its pure-JS fallback, viem's recoverAddress), and both
 * together (hash + recover, what an incoming order costs; against viem's recoverTypedDataAddress).
 *
 * Orders of both versions are signed beforehand by a few keys; each way then runs over all of them,
 * the ways alternating round by round so that a neighbour's load on a shared machine falls on every
 * way alike. Printed: the median over rounds of the time per signature.
 *
 * Then the signature threads (signature-pool.ts): what recovering costs the server's own thread, measured
 * by its event-loop utilisation, checked here (0 threads) and on one thread, for orders arriving 1, 4 and
 * 20 to a turn of the event loop (a pool's message costs the same whatever it carries).
 *
 * Env: BENCH_ORDERS (signed orders, default 500), BENCH_ROUNDS (default 7).
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { hashTypedData, type Hex, recoverAddress, recoverTypedDataAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  type OrderDomain,
  orderDigest,
  orderDomainSeparator,
  orderStruct,
  orderTypedData,
  REFERENCE_EXCHANGES,
  type VersionedOrder,
  ZERO_BYTES32,
} from '../src/contract/orders';
import { makeRecoverSigner, recoverSigner, signatureBackend } from '../src/server/signatures/signature';
import { signaturePool } from '../src/server/signatures/signature-pool';
import { median } from './stats';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const recoverWithFallback = makeRecoverSigner(createRequire(import.meta.url)('secp256k1/elliptic'));

interface Sample {
  order: VersionedOrder;
  domain: OrderDomain;
  signature: Hex;
  digest: Uint8Array;
  digestHex: Hex;
}

async function signedOrders(count: number): Promise<Sample[]> {
  const accounts = Array.from({ length: 8 }, () => privateKeyToAccount(generatePrivateKey()));
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const account = accounts[i % accounts.length]!;
    const version = i % 2 === 0 ? 1 : 2;
    const exchanges = REFERENCE_EXCHANGES[version][80002]!;
    const domain = {
      chainId: 80002,
      verifyingContract: i % 3 === 0 ? exchanges.negRiskExchange : exchanges.exchange,
    };
    const common = {
      salt: BigInt(Math.floor(Math.random() * 2 ** 53)),
      maker: account.address,
      signer: account.address,
      tokenId: 71321045679252212594626385532706912750332728571942532289631379312455583992563n + BigInt(i),
      makerAmount: BigInt(1_000_000 + i * 10_000),
      takerAmount: BigInt(2_000_000 + i * 10_000),
      side: (i % 2) as 0 | 1,
      signatureType: 0,
    };
    const order: VersionedOrder =
      version === 1
        ? {
            version,
            message: {
              ...common,
              taker: '0x0000000000000000000000000000000000000000',
              expiration: 0n,
              nonce: 0n,
              feeRateBps: 0n,
            },
          }
        : {
            version,
            message: {
              ...common,
              timestamp: BigInt(Date.now()),
              metadata: ZERO_BYTES32,
              builder: ZERO_BYTES32,
            },
          };
    const typed = orderTypedData(order, domain);
    const signature = await account.signTypedData(typed);
    const digestHex = hashTypedData(typed);
    samples.push({ order, domain, signature, digest: orderDigest(order, domain), digestHex });
  }
  return samples;
}

type Way = { name: string; run: (samples: Sample[]) => Promise<void> | void };

const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`${what}: a signature did not verify`);
};

const ways: Way[] = [
  {
    name: 'hash: ours (orderDigest)',
    run: (samples) => {
      for (const s of samples) orderDigest(s.order, s.domain);
    },
  },
  {
    name: 'hash: viem hashTypedData',
    run: (samples) => {
      for (const s of samples) hashTypedData(orderTypedData(s.order, s.domain));
    },
  },
  {
    name: 'recover: native secp256k1',
    run: (samples) => {
      for (const s of samples)
        check(recoverSigner(s.digest, s.signature) === s.order.message.signer.toLowerCase(), 'native');
    },
  },
  {
    name: 'recover: secp256k1 JS fallback (elliptic)',
    run: (samples) => {
      for (const s of samples)
        check(
          recoverWithFallback(s.digest, s.signature) === s.order.message.signer.toLowerCase(),
          'fallback',
        );
    },
  },
  {
    name: 'recover: viem recoverAddress',
    run: async (samples) => {
      for (const s of samples)
        check(
          (await recoverAddress({ hash: s.digestHex, signature: s.signature })) === s.order.message.signer,
          'viem',
        );
    },
  },
  {
    name: 'hash + recover: ours',
    run: (samples) => {
      for (const s of samples)
        check(
          recoverSigner(orderDigest(s.order, s.domain), s.signature) === s.order.message.signer.toLowerCase(),
          'ours',
        );
    },
  },
  {
    name: 'hash + recover: viem recoverTypedDataAddress',
    run: async (samples) => {
      for (const s of samples)
        check(
          (await recoverTypedDataAddress({
            ...orderTypedData(s.order, s.domain),
            signature: s.signature,
          })) === s.order.message.signer,
          'viem',
        );
    },
  },
];

async function main(): Promise<void> {
  console.log(`secp256k1 implementation: ${signatureBackend().implementation}`);
  console.log(`signing ${ORDERS} orders (both versions, normal and negative-risk exchanges)…`);
  const samples = await signedOrders(ORDERS);
  const perSignature = new Map<string, number[]>(ways.map((w) => [w.name, []]));
  // One unmeasured pass warms every way up (JIT, caches of domain separators).
  for (const way of ways) await way.run(samples.slice(0, 50));
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of ways) {
      const started = performance.now();
      await way.run(samples);
      perSignature.get(way.name)!.push(((performance.now() - started) * 1000) / samples.length);
    }
  }
  const width = Math.max(...ways.map((w) => w.name.length));
  console.log(`\nper signature, median of ${ROUNDS} rounds over ${samples.length} orders:`);
  for (const way of ways) {
    const us = median(perSignature.get(way.name)!);
    console.log(`  ${way.name.padEnd(width)}  ${us >= 100 ? us.toFixed(0) : us.toFixed(1)} µs`);
  }
  const ours = median(perSignature.get('hash + recover: ours')!);
  const viem = median(perSignature.get('hash + recover: viem recoverTypedDataAddress')!);
  console.log(`\nhash + recover: ours is ${(viem / ours).toFixed(1)}× faster than viem's`);
  await poolShare(samples);
}

/** What the server hands the pool for an order (exchange/orders/decode.ts). */
const messageOf = (s: Sample) => ({
  separator: orderDomainSeparator(s.order.version, s.domain),
  struct: orderStruct(s.order),
});

/** The server thread's active time per recovery through signaturePool(threads), in bursts of `burst`. */
async function poolShare(samples: Sample[]): Promise<void> {
  const BURSTS = [1, 4, 20];
  const share = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const threads of [0, 1]) {
      for (const burst of BURSTS) {
        const pool = signaturePool(threads);
        await pool.check(messageOf(samples[0]!), samples[0]!.signature);
        const before = performance.eventLoopUtilization();
        for (let i = 0; i + burst <= samples.length; i += burst) {
          const some = samples.slice(i, i + burst);
          const checked = await Promise.all(some.map((s) => pool.check(messageOf(s), s.signature)));
          check(
            checked.every(({ signer }, j) => signer === some[j]!.order.message.signer.toLowerCase()),
            'pool',
          );
        }
        const used = performance.eventLoopUtilization(before);
        const key = `${threads} thread${threads === 1 ? '' : 's'}, ${burst} a turn`;
        const count = samples.length - (samples.length % burst);
        share.set(key, [...(share.get(key) ?? []), (used.active * 1000) / count]);
        await pool.close();
      }
    }
  }
  console.log(`\nthe server thread's time per recovery (signature-pool.ts), median of ${ROUNDS} rounds:`);
  for (const [key, values] of share) console.log(`  ${key.padEnd(22)}  ${median(values).toFixed(1)} µs`);
}

await main();
