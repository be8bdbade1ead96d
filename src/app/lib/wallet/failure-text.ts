import { ApiResponseError, NetworkError } from '../api-client';
import { describeChain } from './chains';
import { keyLimitWords } from './key-limit';
import { keysConfig } from './keys-config';
import { ClockSkewError } from './server-clock';
import { WalletStepError, classifyWalletError } from './wallet-errors';

/** A failed trading step in words, and the dashboard page where it can be put right, if another. */
export interface Failure {
  text: string;
  /** The Keys page, where a key is revoked (the wallet is at the key limit). */
  fixAt?: '/keys';
}

/**
 * A failed trading step for a person: the sentence, and a page to link to when the fix is there. The
 * server's sentences are written for API clients ("revoke one (DELETE /api-keys)"), so a failure the
 * dashboard can fix elsewhere is put in its own words.
 */
export function failure(error: unknown): Failure {
  if (error instanceof ApiResponseError && error.code === 'KEY_LIMIT_REACHED')
    return {
      text: `${keyLimitWords.title}. ${keyLimitWords.why}, and a trading session needs one of its own: revoke a key you no longer use on the Keys page, then try again.`,
      fixAt: '/keys',
    };
  return { text: sentence(error) };
}

/** A failed trading step in one sentence, where no link goes with it. */
export const failureText = (error: unknown): string => failure(error).text;

/** The wallet's step in words, or the server's own sentence. */
function sentence(error: unknown): string {
  if (error instanceof WalletStepError) {
    const kind = classifyWalletError(error.cause);
    if (error.step === 'no-account') return 'Connect a wallet first.';
    if (kind === 'rejected')
      return error.step === 'switch-chain'
        ? `The wallet declined to switch to ${describeChain(keysConfig.chainId)}. Nothing was sent.`
        : 'You declined the signature in your wallet. Nothing was sent.';
    if (kind === 'pending')
      return 'Your wallet already has a request waiting: open it and answer that first.';
    if (kind === 'locked') return 'Your wallet is locked or disconnected: unlock it and try again.';
    if (kind === 'unknown-chain')
      return `Your wallet does not know ${describeChain(keysConfig.chainId)}. Add that network to it, then try again.`;
    return 'The wallet could not complete the request. Nothing was sent.';
  }
  if (error instanceof ClockSkewError)
    return "This computer's clock and the server's differ by more than ten minutes: set the clock right, then try again.";
  if (error instanceof ApiResponseError || error instanceof NetworkError) return error.message;
  return error instanceof Error ? error.message : 'Something went wrong.';
}
