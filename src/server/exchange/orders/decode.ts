import {
  bytesToLowerHex,
  type ExchangeAddresses,
  type OrderDomain,
  type OrderVersion,
  orderDomainSeparator,
  orderStruct,
  SIGNATURE_TYPE,
} from '../../../contract/orders';
import { type PostOrderBody, signedOrderWire } from '../../../contract/trading';
import { TRADING_REFUSALS } from '../../../contract/trading-errors';
import type { ErrorCode } from '../../../contract/error-codes';
import type { OrderIn } from '../../../engine/types';
import type { MarketRegistry, TokenMarket } from '../markets';
import type { CheckSignature } from '../../signatures/signature-pool';
import { priceText, sizeText } from '../units';
import type { PlaceJob, SingleUse } from '../writer';
import { type TermsProblem, termsOf } from './terms';
import { GTD_THRESHOLD_SECONDS } from '../gtd';

/** A refusal with the reference's sentence (clients match on it) and our code. */
export interface OrderRefusal {
  code: ErrorCode;
  error: string;
}

export interface DecodeDeps {
  registry: MarketRegistry;
  chainId: number;
  /** The exchanges orders are signed for, per version (config: the reference clients' unless set). */
  exchanges: Record<OrderVersion, ExchangeAddresses>;
  now: () => number;
  /** An order's digest and who signed it (signature-pool.ts: off the server's thread). */
  checkSignature: CheckSignature;
}

export interface Caller {
  apiKey: string;
  address: string;
}

/** The shortest expiry a GTD order may have (docs/exchange.md). */
export const MIN_GTD_SECONDS = GTD_THRESHOLD_SECONDS;

const R = TRADING_REFUSALS;
const refuse = (code: ErrorCode, error: string): { ok: false; refusal: OrderRefusal } => ({
  ok: false,
  refusal: { code, error },
});

/**
 * Every check of a posted order that needs no book or balance, in the reference's order of concerns:
 * the key's owner, the signer, the signature type, the signature (for the market's exchange on this
 * chain), the token's book, the fee, the time in force and expiration, and the amounts' terms. What is
 * left (balance, duplicates, matching) is the writer's. Nothing here changes anything. The body's
 * shape and ranges were checked by the route's schema, which read its order as signed (contract/trading.ts).
 */
export async function decodeOrder(
  body: PostOrderBody,
  caller: Caller,
  singleUse: SingleUse,
  deps: DecodeDeps,
): Promise<{ ok: true; job: PlaceJob } | { ok: false; refusal: OrderRefusal }> {
  if (body.owner.toLowerCase() !== caller.apiKey) return refuse('INVALID_ORDER', R.INVALID_ORDER.owner);
  const signed = body.order;
  const m = signed.message;
  if (m.signer.toLowerCase() !== caller.address) return refuse('INVALID_ORDER', R.INVALID_ORDER.signer);
  if (m.signatureType !== SIGNATURE_TYPE.EOA || m.maker.toLowerCase() !== m.signer.toLowerCase())
    return refuse('INVALID_ORDER', R.INVALID_ORDER.signatureType(m.signatureType));

  const tokenId = m.tokenId.toString();
  const found: TokenMarket | null = await deps.registry.byToken(tokenId);
  if (!found) return refuse('ORDERBOOK_NOT_FOUND', R.ORDERBOOK_NOT_FOUND.book);
  const { market, outcome } = found;

  const domain = orderDomain(signed.version, market.negRisk, deps);
  // The digest is both what the signature signs and, as hex, the order's id: hashed once, with the check.
  const { digest, signer } = await deps.checkSignature(
    { separator: orderDomainSeparator(signed.version, domain), struct: orderStruct(signed) },
    signed.signature,
  );
  if (signer !== caller.address)
    return refuse(
      'INVALID_ORDER',
      R.INVALID_ORDER.signature(signed.version, market.negRisk, domain.chainId, domain.verifyingContract),
    );
  if (signed.version === 1) {
    if (signed.message.feeRateBps !== 0n)
      return refuse('INVALID_ORDER', R.INVALID_ORDER.feeRate(signed.message.feeRateBps.toString()));
    if (signed.message.nonce !== 0n) return refuse('INVALID_ORDER', R.INVALID_ORDER.nonce);
  }

  const timeInForce = body.orderType;
  const postOnly = body.postOnly === true;
  if (postOnly && (timeInForce === 'FOK' || timeInForce === 'FAK'))
    return refuse('INVALID_ORDER', R.INVALID_ORDER.postOnlyType);
  const expiration = signed.expiration;
  if (timeInForce === 'GTD') {
    if (expiration < BigInt(deps.now() + MIN_GTD_SECONDS) || expiration > 4_102_444_800n)
      return refuse('INVALID_ORDER', R.INVALID_ORDER.expiration);
  } else if (expiration !== 0n) return refuse('INVALID_ORDER', R.INVALID_ORDER.expiration);

  const side = m.side === 0 ? 'BUY' : 'SELL';
  const terms = termsOf({
    side,
    makerAmount: m.makerAmount,
    takerAmount: m.takerAmount,
    timeInForce,
    tick: market.tick,
    minSize: market.minSize,
  });
  const orderId = bytesToLowerHex(digest);
  if (!terms.ok) return refuse('INVALID_ORDER', termsSentence(terms.problem, orderId, side, m, market));

  const order: OrderIn = {
    id: orderId,
    maker: caller.address,
    outcome,
    side,
    price: terms.price,
    size: terms.size,
    timeInForce,
    postOnly,
    expiration: Number(expiration),
    ...(terms.budget === undefined ? {} : { budget: terms.budget }),
  };
  return {
    ok: true,
    job: {
      kind: 'place',
      market,
      tokenId,
      order,
      owner: caller.apiKey,
      signed: signedOrderWire(signed),
      singleUse,
    },
  };
}

/** The domain an order of this version on this market must be signed for. */
export function orderDomain(
  version: 1 | 2,
  negRisk: boolean,
  deps: Pick<DecodeDeps, 'chainId' | 'exchanges'>,
): OrderDomain {
  const exchanges = deps.exchanges[version];
  return {
    chainId: deps.chainId,
    verifyingContract: negRisk ? exchanges.negRiskExchange : exchanges.exchange,
  };
}

function termsSentence(
  problem: TermsProblem,
  orderId: string,
  side: 'BUY' | 'SELL',
  m: { makerAmount: bigint; takerAmount: bigint },
  market: { tick: number; minSize: number },
): string {
  const tick = priceText(market.tick);
  const shares = side === 'BUY' ? m.takerAmount : m.makerAmount;
  const cash = side === 'BUY' ? m.makerAmount : m.takerAmount;
  const price = shares > 0n ? (Number(cash) / Number(shares)).toString() : '0';
  switch (problem) {
    case 'price-range':
      return R.INVALID_ORDER.priceRange(price, tick);
    case 'tick':
      return R.INVALID_ORDER.tickSize(orderId, price, tick);
    case 'min-size':
      return R.INVALID_ORDER.minSize(orderId, (Number(shares) / 1e6).toString(), sizeText(market.minSize));
    case 'precision':
      return R.INVALID_ORDER.marketAmounts(side);
    case 'too-small':
    case 'too-large':
      return R.INVALID_ORDER.amounts(problem, side === 'BUY' ? 'takerAmount' : 'makerAmount');
  }
}
