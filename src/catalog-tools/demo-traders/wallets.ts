import { createHmac } from 'node:crypto';
import type { Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * The demo traders' wallets: private keys derived from a secret the server keeps (its master key, see
 * index.ts), one per role and number, so the same wallets come back at every start with their balances,
 * positions and resting orders, and nobody without that secret can sign for them. They hold paper money
 * only, on the demo catalog.
 */

export type Role = 'maker' | 'taker';

/** secp256k1's group order: a private key is 1 … n − 1. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export interface Wallet {
  account: PrivateKeyAccount;
  privateKey: Hex;
}

export async function demoWallet(secret: Uint8Array, role: Role, index: number): Promise<Wallet> {
  // Loaded when the traders start, a few seconds after the server (~0.17 s of CPU).
  const { privateKeyToAccount } = await import('viem/accounts');
  for (let attempt = 0; ; attempt++) {
    const digest = createHmac('sha256', secret)
      .update(`marketdesk/demo-trader/v1/${role}/${index}/${attempt}`)
      .digest('hex');
    const key = BigInt(`0x${digest}`);
    // Outside 1 … n − 1 about once in 2^128 draws: draw again.
    const privateKey = `0x${digest}` as Hex;
    if (key > 0n && key < N) return { account: privateKeyToAccount(privateKey), privateKey };
  }
}
