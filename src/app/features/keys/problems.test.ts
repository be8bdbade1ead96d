import { UserRejectedRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../lib/api-client';
import { ClobError } from '../../lib/wallet/clob-request';
import { describeProblem } from './problems';
import { WalletStepError, classifyWalletError } from '../../lib/wallet/wallet-errors';

const context = { doing: 'create a key', chainId: 80002, walletChainId: 1 };

describe('classifyWalletError', () => {
  it('finds EIP-1193 codes anywhere in the cause chain', () => {
    expect(classifyWalletError(new UserRejectedRequestError(new Error('no')))).toBe('rejected');
    expect(classifyWalletError({ cause: { cause: { code: 4001 } } })).toBe('rejected');
    expect(classifyWalletError({ code: 4100 })).toBe('locked');
    expect(classifyWalletError({ code: -32002 })).toBe('pending');
    expect(classifyWalletError({ cause: { code: 4902 } })).toBe('unknown-chain');
    expect(classifyWalletError(new Error('?'))).toBe('other');
  });
});

describe('describeProblem', () => {
  it('says which wallet step was declined', () => {
    const rejected = { code: 4001 };
    expect(describeProblem(new WalletStepError('sign', rejected), context).title).toBe('Signature declined');
    const declinedSwitch = describeProblem(new WalletStepError('switch-chain', rejected), context);
    expect(declinedSwitch.title).toBe('The network was not switched');
    expect(declinedSwitch.detail).toContain('Polygon Amoy (chain 80002)');
    expect(declinedSwitch.detail).toContain('Ethereum (chain 1)');
    expect(describeProblem(new WalletStepError('connect', rejected), context).title).toBe(
      'Connection cancelled',
    );
    expect(describeProblem(new WalletStepError('no-account'), context).title).toBe(
      'Your wallet seems locked',
    );
  });

  it('gives the retry time for RATE_LIMITED', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    const problem = describeProblem(new ClobError(429, 'RATE_LIMITED', 'x', 3), context, now);
    expect(problem.retryAt).toBe(now + 3000);
    expect(problem.detail).toContain('in 3 seconds');
    expect(problem.code).toBe('RATE_LIMITED');
  });

  it('explains Level 2 refusals only in the test-a-key context', () => {
    const revoked = new ClobError(401, 'API_KEY_REVOKED', 'The API key was revoked.');
    expect(describeProblem(revoked, { ...context, level2: true }).title).toBe('This key was revoked');
    expect(describeProblem(revoked, context).detail).toBe('The API key was revoked.');
  });

  it('network failures say nothing changed', () => {
    expect(describeProblem(new NetworkError('x'), context).detail).toContain('Nothing was changed');
  });
});
