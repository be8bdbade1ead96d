import { type Address, type Hex, hashTypedData } from 'viem';
import type { Config } from 'wagmi';
import { getConnection, signTypedData, switchChain } from 'wagmi/actions';
import {
  type OrderV1Message,
  ORDER_SIDE,
  SIGNATURE_TYPE,
  orderTypedData,
  referenceExchanges,
} from '../../../../contract/orders';
import { BalanceAllowance, OpenOrder, OpenOrdersPage, PostOrderResponse } from '../../../../contract/trading';
import type { Side } from '../../../../engine/types';
import { ClobError } from '../../../lib/wallet/clob-request';
import { keysConfig } from '../../../lib/wallet/keys-config';
import { type Session, sessionRequest } from '../../../lib/wallet/session';
import { WalletStepError } from '../../../lib/wallet/wallet-errors';
import { signedAmounts } from './preview';

const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/** Free collateral (base units): GET /balance-allowance answers the unreserved balance (docs/api.md). */
export async function freeCollateral(session: Session): Promise<bigint> {
  const answer = await sessionRequest(BalanceAllowance, session, {
    method: 'GET',
    path: '/balance-allowance',
    query: { asset_type: 'COLLATERAL', signature_type: '0' },
  });
  return BigInt(answer.balance);
}

/** Free shares of one outcome token (base units). */
export async function freeShares(session: Session, tokenId: string): Promise<bigint> {
  const answer = await sessionRequest(BalanceAllowance, session, {
    method: 'GET',
    path: '/balance-allowance',
    query: { asset_type: 'CONDITIONAL', token_id: tokenId, signature_type: '0' },
  });
  return BigInt(answer.balance);
}

/** The key owner's open orders in one market (its first page: 100 orders, plenty for a person). */
export async function openOrdersIn(session: Session, conditionId: string): Promise<OpenOrder[]> {
  const answer = await sessionRequest(OpenOrdersPage, session, {
    method: 'GET',
    path: '/data/orders',
    query: { market: conditionId },
  });
  return answer.data.filter((o) => o.status === 'LIVE');
}

export interface OrderToSign {
  tokenId: string;
  negRisk: boolean;
  side: Side;
  /** 1/10,000 and centishares, as the preview worked them out. */
  price: number;
  size: number;
  /** A market buy's budget (base units): what it spends, signed as its makerAmount. */
  budget?: number;
  orderType: 'GTC' | 'FAK';
}

function randomSalt(): bigint {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  // 53 bits: the legacy client sends the salt as a JSON number.
  return (BigInt(high & 0x1fffff) << 32n) | BigInt(low);
}

/** A signed order's body, but the session key it is posted with (`owner`); `id` is its hash. */
export interface SignedOrder {
  id: Hex;
  body: Record<string, unknown>;
}

/**
 * The connected wallet signs a version-1 order, as the legacy client builds it (maker = signer, EOA,
 * no taker, fee 0), for the market's exchange on the configured chain. Switches the wallet's chain
 * first if it is elsewhere. The signature does not cover the API key, so a signed order may be posted
 * with a new session key if the first one has ended.
 */
export async function signOrder(config: Config, order: OrderToSign): Promise<SignedOrder> {
  const connection = getConnection(config);
  const address = connection.address;
  if (connection.status !== 'connected' || !address) throw new WalletStepError('no-account');
  const chainId = keysConfig.chainId;
  if (connection.chainId !== chainId) {
    try {
      await switchChain(config, { chainId });
    } catch (error) {
      throw new WalletStepError('switch-chain', error);
    }
  }
  const exchanges = referenceExchanges(1, chainId);
  if (!exchanges)
    throw new Error(
      `Orders cannot be signed for chain ${chainId} here (the legacy order has no exchange there).`,
    );
  const message: OrderV1Message = {
    salt: randomSalt(),
    maker: address,
    signer: address,
    taker: ZERO_ADDRESS,
    tokenId: BigInt(order.tokenId),
    ...signedAmounts(order.side, order.price, order.size, order.budget),
    expiration: 0n,
    nonce: 0n,
    feeRateBps: 0n,
    side: ORDER_SIDE[order.side],
    signatureType: SIGNATURE_TYPE.EOA,
  };
  const domain = {
    chainId,
    verifyingContract: order.negRisk ? exchanges.negRiskExchange : exchanges.exchange,
  };
  const typed = orderTypedData({ version: 1, message }, domain);
  let signature: `0x${string}`;
  try {
    signature = await signTypedData(config, {
      account: address,
      ...(typed as Omit<Parameters<typeof signTypedData>[1], 'account'>),
    });
  } catch (error) {
    throw new WalletStepError('sign', error);
  }
  // The order's id is its EIP-712 hash: known before posting, so a lost answer can be looked up.
  const id = hashTypedData(typed as Parameters<typeof hashTypedData>[0]);
  const body = {
    salt: Number(message.salt),
    maker: message.maker,
    signer: message.signer,
    taker: message.taker,
    tokenId: order.tokenId,
    makerAmount: message.makerAmount.toString(),
    takerAmount: message.takerAmount.toString(),
    side: order.side,
    expiration: '0',
    nonce: '0',
    feeRateBps: '0',
    signatureType: SIGNATURE_TYPE.EOA,
    signature,
  };
  return { id, body };
}

/** POST /order with the session key. */
export function postOrder(
  session: Session,
  order: SignedOrder,
  orderType: OrderToSign['orderType'],
): Promise<PostOrderResponse> {
  const body = JSON.stringify({
    order: order.body,
    owner: session.credentials.apiKey,
    orderType,
    postOnly: false,
  });
  return sessionRequest(PostOrderResponse, session, { method: 'POST', path: '/order', body });
}

/**
 * GET /data/order/{id}: the order as the exchange has it, or null when it never arrived (404). For an
 * answer lost on the way (docs/api.md: a 500 or 503 acknowledged nothing; a dropped connection may have).
 */
export async function findOrder(session: Session, id: Hex): Promise<OpenOrder | null> {
  try {
    return await sessionRequest(OpenOrder, session, { method: 'GET', path: `/data/order/${id}` });
  } catch (error) {
    if (error instanceof ClobError && error.status === 404) return null;
    throw error;
  }
}
