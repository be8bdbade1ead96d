/**
 * What went wrong in the wallet, read from the error chain wagmi/viem build around the provider's
 * EIP-1193 error (codes: 4001 user rejected, 4100 unauthorised, 4902 unknown chain, -32002 a request
 * is already waiting in the wallet).
 */
export type WalletStep = 'connect' | 'switch-chain' | 'sign' | 'no-account';

/** Marks which wallet step failed, so the message can say what was declined. */
export class WalletStepError extends Error {
  override readonly name = 'WalletStepError';
  constructor(
    readonly step: WalletStep,
    override readonly cause?: unknown,
  ) {
    super(`Wallet step failed: ${step}`);
  }
}

export type WalletFailure = 'rejected' | 'locked' | 'pending' | 'unknown-chain' | 'no-wallet' | 'other';

function chain(error: unknown): { codes: number[]; names: string[] } {
  const codes: number[] = [];
  const names: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 12; depth++) {
    const { code, name, cause } = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof code === 'number') codes.push(code);
    if (typeof name === 'string') names.push(name);
    current = cause;
  }
  return { codes, names };
}

export function classifyWalletError(error: unknown): WalletFailure {
  const { codes, names } = chain(error);
  if (codes.includes(4001) || names.includes('UserRejectedRequestError')) return 'rejected';
  if (codes.includes(-32002) || names.includes('ResourceUnavailableRpcError')) return 'pending';
  if (codes.includes(4902)) return 'unknown-chain';
  if (names.includes('ProviderNotFoundError')) return 'no-wallet';
  if (
    codes.includes(4100) ||
    names.some((n) =>
      ['UnauthorizedProviderError', 'ConnectorNotConnectedError', 'ConnectorAccountNotFoundError'].includes(
        n,
      ),
    )
  )
    return 'locked';
  return 'other';
}
