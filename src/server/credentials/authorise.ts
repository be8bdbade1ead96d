import type { FastifyRequest } from 'fastify';
import { AUTH_HEADERS, L1_MAX_AGE_SECONDS, L2_WINDOW_SECONDS } from '../../contract/auth';
import type { Db } from '../db/open';
import { ReplyError } from '../errors';
import { serverSeconds } from './clock';
import { header } from './headers';
import { markL2SignatureUsed, markSignatureUsed, pruneUsedSignatures } from './key-store';
import { type L1Auth, verifyLevel1 } from './level1';
import { type L2Auth, type Level2Deps, verifyLevel2 } from './level2';
import {
  type CredentialsCheck,
  checkPresentedCredentials,
  keyIsActive,
  type PresentedCredentials,
} from './presented-credentials';

export type Auth = L1Auth | (L2Auth & { singleUse: boolean });

export interface AuthDeps extends Level2Deps {
  chainId: number;
  /** The EIP-712 domain name L1 signatures are checked against (docs/api.md §2). */
  l1DomainName: string;
  onPruneError?: (err: unknown) => void;
}

export interface Accepts {
  /** Whether Level 2 may authorise the action (creating a key needs Level 1). */
  l2: boolean;
  /** The action in words, for error messages: "Listing API keys". */
  what: string;
  /** The action changes state: an L2 request for it is single-use too (docs/api.md §3). */
  changesState: boolean;
  /**
   * The action commits through the exchange's writer, which refuses it if the key is revoked by then:
   * the key may come from this process's cache, even on PostgreSQL (key-cache.ts).
   */
  revocationCheckedAtCommit?: boolean;
}

/** Why a replayed Level 2 request that changes something fails. */
export const L2_REUSED =
  'This L2 request (SVC_API_KEY, SVC_TIMESTAMP, SVC_SIGNATURE) was accepted once already, and a request that can change something is accepted once, whatever it did; sign it again with a later SVC_TIMESTAMP (an identical request in the same second signs the same).';

const reusedError = (auth: Auth) =>
  auth.level === 1
    ? new ReplyError(
        'SIGNATURE_REUSED',
        'This L1 authorisation (SVC_ADDRESS, SVC_TIMESTAMP, SVC_NONCE) was already used; sign again with a fresh timestamp and nonce.',
      )
    : new ReplyError('SIGNATURE_REUSED', L2_REUSED);

/** Prune at most once a minute per process; a margin covers clock skew between servers. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_MARGIN_SECONDS = 120;

/**
 * Authentication and single use for the trading routes. `authenticate` picks the level (docs/api.md §1: a
 * request carrying SVC_API_KEY is L2) and verifies; `run` executes the action, in one transaction
 * with the used-signature mark when the authorisation is single-use (every L1 one, and L2 ones of
 * actions that change state), so the action and the mark commit or fail together: a request that
 * fails uses nothing up.
 */
export class Authoriser {
  private lastPrune = 0;

  constructor(private readonly deps: AuthDeps) {}

  async authenticate(request: FastifyRequest, accepts: Accepts): Promise<Auth> {
    const isL2 = header(request, AUTH_HEADERS.apiKey) !== undefined;
    if (isL2 && !accepts.l2) {
      throw new ReplyError(
        'AUTH_HEADERS_INVALID',
        `${accepts.what} needs Level 1 authentication (an EIP-712 signature by the wallet); leave SVC_API_KEY out.`,
      );
    }
    if (isL2) {
      const auth = await verifyLevel2(request, this.deps, accepts.revocationCheckedAtCommit);
      return { ...auth, singleUse: accepts.changesState };
    }
    // Single use is checked by the insert in `run`, inside the action's transaction.
    return verifyLevel1(request, this.deps.chainId, this.deps.l1DomainName);
  }

  /**
   * For actions only an API key authorises (the exchange's routes): a request without the Level 2
   * headers is told which of them it lacks, not which Level 1 ones.
   */
  async authenticateLevel2(
    request: FastifyRequest,
    accepts: Omit<Accepts, 'l2' | 'what'>,
  ): Promise<L2Auth & { singleUse: boolean }> {
    const auth = await verifyLevel2(request, this.deps, accepts.revocationCheckedAtCommit);
    return { ...auth, singleUse: accepts.changesState };
  }

  async run<T>(auth: Auth, action: (db: Db) => Promise<T>): Promise<T> {
    if (auth.level === 2 && !auth.singleUse) return action(this.deps.db);
    const result = await this.deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const fresh =
        auth.level === 1
          ? await markSignatureUsed(db, auth)
          : await markL2SignatureUsed(db, {
              apiKey: auth.apiKey,
              timestamp: auth.timestamp,
              signature: auth.mac.toString('hex'),
            });
      if (!fresh) throw reusedError(auth);
      return action(db);
    });
    this.maybePrune();
    return result;
  }

  /** Credentials presented whole (the live user channel): the key and its owner, or why not. */
  checkCredentials(presented: PresentedCredentials): Promise<CredentialsCheck> {
    return checkPresentedCredentials(this.deps, presented);
  }

  /** A key the exchange's writer found revoked: read again at its next request. */
  forgetKey(apiKey: string): void {
    this.deps.keys.forget(apiKey);
  }

  /** Whether an API key still authenticates (not revoked). */
  keyIsActive(apiKey: string): Promise<boolean> {
    return keyIsActive(this.deps, apiKey);
  }

  private maybePrune(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const seconds = serverSeconds();
    pruneUsedSignatures(this.deps.db, {
      l1Seconds: seconds - L1_MAX_AGE_SECONDS - PRUNE_MARGIN_SECONDS,
      l2Seconds: seconds - L2_WINDOW_SECONDS - PRUNE_MARGIN_SECONDS,
    }).catch((err: unknown) => this.deps.onPruneError?.(err));
  }
}
