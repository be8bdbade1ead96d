import type { FastifyRequest } from 'fastify';
import { AUTH_HEADERS } from '../../contract/auth';
import type { Db } from '../db/open';
import { ApiError } from '../errors';
import { serverSeconds } from './clock';
import { header } from './headers';
import { markSignatureUsed, pruneUsedSignatures } from './key-store';
import { type L1Auth, verifyLevel1 } from './level1';
import { type L2Auth, type Level2Deps, verifyLevel2 } from './level2';
import { L1_MAX_AGE_SECONDS } from '../../contract/auth';

export type Auth = L1Auth | L2Auth;

export interface AuthDeps extends Level2Deps {
  chainId: number;
  onPruneError?: (err: unknown) => void;
}

const reusedError = () =>
  new ApiError(
    'SIGNATURE_REUSED',
    'This L1 authorisation (SVC_ADDRESS, SVC_TIMESTAMP, SVC_NONCE) was already used; sign again with a fresh timestamp and nonce.',
  );

/** Prune at most once a minute per process; a margin covers clock skew between servers. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_MARGIN_SECONDS = 120;

/**
 * Authentication and single use for the trading routes. `authenticate` picks the level (docs/api.md §1: a
 * request carrying SVC_API_KEY is L2) and verifies; `run` executes the action, for L1 in one
 * transaction with the used-signature mark, so the action and the mark commit or fail together.
 */
export class Authoriser {
  private lastPrune = 0;

  constructor(private readonly deps: AuthDeps) {}

  async authenticate(request: FastifyRequest, accepts: { l2: boolean; what: string }): Promise<Auth> {
    const isL2 = header(request, AUTH_HEADERS.apiKey) !== undefined;
    if (isL2 && !accepts.l2) {
      throw new ApiError(
        'AUTH_HEADERS_INVALID',
        `${accepts.what} needs Level 1 authentication (an EIP-712 signature by the wallet); leave SVC_API_KEY out.`,
      );
    }
    if (isL2) return verifyLevel2(request, this.deps);
    // Single use is checked by the insert in `run`, inside the action's transaction.
    return verifyLevel1(request, this.deps.chainId);
  }

  async run<T>(auth: Auth, action: (db: Db) => Promise<T>): Promise<T> {
    if (auth.level === 2) return action(this.deps.db);
    const result = await this.deps.db.transaction(async (tx) => {
      if (!(await markSignatureUsed(tx as unknown as Db, auth))) throw reusedError();
      return action(tx as unknown as Db);
    });
    this.maybePrune();
    return result;
  }

  private maybePrune(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    pruneUsedSignatures(this.deps.db, serverSeconds() - L1_MAX_AGE_SECONDS - PRUNE_MARGIN_SECONDS).catch(
      (err: unknown) => this.deps.onPruneError?.(err),
    );
  }
}
