import { type ErrorCode, isErrorCode } from '../../../contract/error-codes';
import { NetworkError, type ResponseErrorCode } from '../../lib/api-client';
import { ClobError } from '../../lib/wallet/clob-request';
import { ClockSkewError } from '../../lib/wallet/server-clock';
import { describeChain } from '../../lib/wallet/chains';
import { keyLimitWords } from '../../lib/wallet/key-limit';
import { WalletStepError, classifyWalletError } from '../../lib/wallet/wallet-errors';

/** A message a person can act on: what happened, and what to do next. */
export interface Problem {
  title: string;
  detail: string;
  /** Offer the "show my keys" step (e.g. the key limit is reached). */
  suggestShowKeys?: boolean;
  /** Unix ms after which retrying makes sense (RATE_LIMITED / SERVICE_UNAVAILABLE). */
  retryAt?: number;
  /** The contract's error code, shown small for support requests. */
  code?: ResponseErrorCode;
}

export interface ProblemContext {
  /** What the person was doing, in their words: "create a key". */
  doing: string;
  /** The chain keys are signed for. */
  chainId: number;
  /** The chain the wallet is on, when known. */
  walletChainId?: number | undefined;
  /** Whether this came from "test a key" (Level 2 with pasted values). */
  level2?: boolean;
}

function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

function retryLater(seconds: number | undefined, nowMs: number): Pick<Problem, 'detail' | 'retryAt'> {
  if (seconds === undefined) return { detail: 'Wait a few seconds, then try again.' };
  const retryAt = nowMs + seconds * 1000;
  return {
    detail: `You can try again in ${seconds} second${seconds === 1 ? '' : 's'} (after ${clockTime(retryAt)}).`,
    retryAt,
  };
}

function walletProblem(error: WalletStepError, context: ProblemContext): Problem {
  const target = describeChain(context.chainId);
  const failure = classifyWalletError(error.cause);
  if (error.step === 'no-account' || failure === 'locked')
    return {
      title: 'Your wallet seems locked',
      detail: `Unlock your wallet (and make sure this site is connected to the account), then try to ${context.doing} again.`,
    };
  if (failure === 'pending')
    return {
      title: 'Your wallet already has a request open',
      detail: 'Open your wallet, finish or dismiss the request waiting there, then try again.',
    };
  if (error.step === 'switch-chain') {
    if (failure === 'rejected')
      return {
        title: 'The network was not switched',
        detail: `Key signatures are bound to ${target}${
          context.walletChainId ? `, and your wallet is on ${describeChain(context.walletChainId)}` : ''
        }. Nothing was signed. To ${context.doing}, try again and accept the switch, or switch the network in your wallet yourself.`,
      };
    if (failure === 'unknown-chain')
      return {
        title: 'Your wallet does not know this network',
        detail: `Add ${target} to your wallet, switch to it, then try to ${context.doing} again.`,
      };
    return {
      title: 'The wallet could not switch networks',
      detail: `Switch your wallet to ${target} yourself, then try to ${context.doing} again.`,
    };
  }
  if (error.step === 'connect') {
    if (failure === 'rejected')
      return {
        title: 'Connection cancelled',
        detail: 'Your wallet was not connected. Choose a wallet again when you are ready.',
      };
    if (failure === 'no-wallet')
      return {
        title: 'That wallet is not available',
        detail:
          'The browser did not provide it. Install or enable the wallet extension, reload, and try again.',
      };
    return {
      title: 'The wallet could not connect',
      detail: 'Open your wallet to check it is unlocked, then try again.',
    };
  }
  if (failure === 'rejected')
    return {
      title: 'Signature declined',
      detail: `You declined the signature in your wallet, so nothing happened. To ${context.doing}, try again and approve it.`,
    };
  return {
    title: 'The wallet could not sign',
    detail: `Your wallet reported a problem. Check it is unlocked and on ${target}, then try to ${context.doing} again.`,
  };
}

const LEVEL2_PROBLEMS: Partial<Record<ErrorCode, Problem>> = {
  API_KEY_UNKNOWN: {
    title: 'Unknown API key',
    detail: 'The server has no key with this id. Check that you pasted the whole API key.',
  },
  API_KEY_REVOKED: {
    title: 'This key was revoked',
    detail: 'It no longer works for any request. Create a new key if you need one.',
  },
  PASSPHRASE_INVALID: {
    title: 'The passphrase does not match',
    detail: 'The API key exists, but the passphrase is not the one created with it. Paste it again.',
  },
  L2_SIGNATURE_INVALID: {
    title: 'The secret does not match',
    detail: 'The request signed with this secret did not verify. Check that you pasted the whole secret.',
  },
  AUTH_HEADERS_INVALID: {
    title: 'These values are not in the expected form',
    detail: 'Check each value was pasted completely, without extra characters.',
  },
  ADDRESS_MISMATCH: {
    title: 'This key belongs to another address',
    detail: 'The key is valid, but not for the address sent with it.',
  },
};

function skewText(seconds: number): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}

function clockSkewProblem(error: ClockSkewError, context: ProblemContext): Problem {
  const direction = error.offsetSeconds > 0 ? 'ahead of' : 'behind';
  return {
    title: 'Nothing was signed: the clocks disagree',
    detail: `The server reports a time about ${skewText(error.offsetSeconds)} ${direction} this computer’s. A signature dated that far off could be used later by whoever holds it, so the page signed nothing. Check that this computer sets its date and time automatically, reload, and try to ${context.doing} again. If your clock is right, the server or your network is reporting a wrong time.`,
  };
}

/** Turns any failure on the Keys page into a calm, specific message with a way forward. */
export function describeProblem(error: unknown, context: ProblemContext, nowMs = Date.now()): Problem {
  if (error instanceof ClockSkewError) return clockSkewProblem(error, context);
  if (error instanceof WalletStepError) return walletProblem(error, context);
  if (error instanceof NetworkError)
    return {
      title: 'The server cannot be reached',
      detail: `Check your internet connection, then try to ${context.doing} again. Nothing was changed.`,
    };
  if (error instanceof ClobError) return { ...serverProblem(error, context, nowMs), code: error.code };
  return {
    title: `Could not ${context.doing}`,
    detail: 'Something unexpected happened. Reload the page and try again.',
  };
}

function serverProblem(error: ClobError, context: ProblemContext, nowMs: number): Problem {
  const level2 = context.level2 && isErrorCode(error.code) ? LEVEL2_PROBLEMS[error.code] : undefined;
  if (level2) return level2;
  switch (error.code) {
    case 'TIMESTAMP_OUT_OF_RANGE':
      return {
        title: 'The time of the signature was not accepted',
        detail:
          'We corrected for the server’s clock and tried once more, and it was still refused. Check the date and time of your computer, then try again.',
      };
    case 'SIGNATURE_REUSED':
      return {
        title: 'That signature was already used',
        detail: `Each signature works for one request only. Try to ${context.doing} again: your wallet will ask for a fresh signature.`,
      };
    case 'KEY_LIMIT_REACHED':
      return {
        title: keyLimitWords.title,
        detail: `${keyLimitWords.why}. Show your keys, revoke one you no longer use, then create a new one.`,
        suggestShowKeys: true,
      };
    case 'RATE_LIMITED':
      return { title: 'Too many requests for now', ...retryLater(error.retryAfterSeconds, nowMs) };
    case 'SERVICE_UNAVAILABLE':
      return { title: 'The service is briefly unavailable', ...retryLater(error.retryAfterSeconds, nowMs) };
    case 'L1_SIGNATURE_INVALID':
      return {
        title: 'The signature did not match your address',
        detail: `This happens when a wallet signs for another network or account. Check your wallet is on ${describeChain(context.chainId)} with this account, then try again.`,
      };
    case 'API_KEY_NOT_FOUND':
      return {
        title: 'That key is no longer active',
        detail:
          'It may have been revoked already (perhaps in another tab). Show your keys again to see the current list.',
        suggestShowKeys: true,
      };
    case 'INTERNAL':
      return {
        title: 'Something went wrong on the server',
        detail: `Nothing was changed. Try to ${context.doing} again in a moment.`,
      };
    default:
      return { title: `Could not ${context.doing}`, detail: error.message };
  }
}
