import { ApiResponseError, NetworkError } from '../api-client';
import { describeChain } from './chains';
import { keysConfig } from './keys-config';
import { ClockSkewError } from './server-clock';
import { WalletStepError, classifyWalletError } from './wallet-errors';

/** A failed trading step in one sentence: the wallet's step in words, or the server's own sentence. */
export function failureText(error: unknown): string {
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
