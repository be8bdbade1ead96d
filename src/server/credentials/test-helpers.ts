import type { FastifyInstance, InjectOptions } from 'fastify';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { createL1Headers, DEFAULT_CHAIN_ID, nowSeconds, referenceSpelling } from '../../contract/auth';
import { type ApiCredentials, createL2Headers } from '../../contract/auth-l2';
import { ApiKeyCredentials } from '../../contract/auth-schemas';
import { type Db, rows } from '../db/open';
import { sql } from 'drizzle-orm';

/** Shared by the trading-interface tests: wallets, signed requests, and "nothing changed" checks. */

/** The server's CHAIN_ID in these tests: its default. */
export const CHAIN_ID = DEFAULT_CHAIN_ID;

export function newWallet(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

let ipCounter = 0;
/** A distinct client IP per request keeps tests clear of the /api-keys rate limit. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function send(app: FastifyInstance, options: InjectOptions) {
  return app.inject({ remoteAddress: freshIp(), ...options });
}

export function l1(
  account: PrivateKeyAccount,
  options: { timestamp?: number | string; nonce?: bigint | string | number; chainId?: number } = {},
) {
  return createL1Headers(account, { chainId: options.chainId ?? CHAIN_ID, ...options });
}

export async function createKey(app: FastifyInstance, account: PrivateKeyAccount): Promise<ApiCredentials> {
  const res = await send(app, { method: 'POST', url: '/clob/api-keys', headers: await l1(account) });
  expect(res.statusCode, res.body).toBe(201);
  return ApiKeyCredentials.parse(res.json());
}

export function l2(
  credentials: ApiCredentials,
  request: { method: string; path: string; body?: string; timestamp?: number | string; address?: string },
) {
  return createL2Headers(credentials, request);
}

/** The same headers in the reference clients' spelling: `SVC_ADDRESS` sent as `POLY_ADDRESS`. */
export function inReferenceSpelling(headers: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers as Record<string, string>).map(([name, value]) => [
      name.startsWith('SVC_') ? referenceSpelling(name) : name,
      value,
    ]),
  );
}

/** Every row the trading interface writes: a rejected request must leave this unchanged. */
export async function snapshot(db: Db): Promise<unknown> {
  const keys = await rows(db, sql`SELECT api_key, address, revoked_at FROM api_keys ORDER BY api_key`);
  const used = await rows(db, sql`SELECT address, timestamp, nonce FROM used_signatures ORDER BY 1, 2, 3`);
  const usedL2 = await rows(
    db,
    sql`SELECT api_key, timestamp, signature FROM used_l2_signatures ORDER BY 1, 2, 3`,
  );
  return JSON.parse(JSON.stringify({ keys, used, usedL2 }));
}

export function expectError(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  code: string,
) {
  expect({ status: res.statusCode, body: res.json() }, res.body).toEqual({
    status,
    body: { code, error: expect.any(String) },
  });
}

export { nowSeconds };
