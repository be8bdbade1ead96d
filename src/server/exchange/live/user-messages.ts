import type { UserOrderMessage, UserTradeMakerOrder, UserTradeMessage } from '../../../contract/live';
import type { OrderEvent } from '../batch-events';
import type { TradableMarket } from '../markets';
import { priceText, sizeText } from '../units';
import { transactionHashOf, type Committed } from '../writer';

/**
 * The user channel's messages of one commit, pure: each for the connections of one address (the maker
 * of the orders; every API key of that address sees them) in one market. Orders' events in the order
 * they happened; then each trade once for its taker and once for each maker address, shaped as
 * GET /data/trades answers it to that address.
 */

export interface AddressMessage {
  /** Lower-case address. */
  address: string;
  /** The market's condition id (a connection may follow some markets only). */
  market: string;
  text: string;
}

function orderMessage({ type, order, tradeIds }: OrderEvent, timestamp: string): UserOrderMessage {
  return {
    event_type: 'order',
    type,
    id: order.id,
    owner: order.owner,
    order_owner: order.owner,
    market: order.market.conditionId,
    asset_id: order.market.tokens[order.outcome],
    side: order.side,
    original_size: sizeText(order.size),
    size_matched: sizeText(order.size - order.remaining),
    price: priceText(order.price),
    associate_trades: tradeIds,
    created_at: String(order.createdAt),
    expiration: String(order.expiration),
    order_type: order.timeInForce,
    status: order.status,
    maker_address: order.maker,
    timestamp,
  };
}

type CommittedFill = Committed['fills'][number];

/** One trade (an incoming order's matches) as one of its parties reads it. */
function tradeMessage(
  market: TradableMarket,
  fills: CommittedFill[],
  reader: { address: string; owner: string; side: 'TAKER' | 'MAKER' },
  timestamp: string,
): UserTradeMessage {
  const first = fills[0]!;
  const taker = first.fill.taker;
  const size = fills.reduce((sum, f) => sum + f.fill.size, 0);
  const notional = fills.reduce((sum, f) => sum + f.fill.size * f.fill.taker.price, 0);
  const makerOrders: UserTradeMakerOrder[] = fills.map(({ fill, makerOwner }) => ({
    order_id: fill.maker.orderId,
    owner: makerOwner,
    maker_address: fill.maker.maker,
    matched_amount: sizeText(fill.size),
    price: priceText(fill.maker.price),
    fee_rate_bps: '0',
    asset_id: market.tokens[fill.maker.outcome],
    outcome_index: fill.maker.outcome,
    side: fill.maker.side,
  }));
  return {
    event_type: 'trade',
    type: 'TRADE',
    id: first.tradeId,
    taker_order_id: taker.orderId,
    market: market.conditionId,
    asset_id: market.tokens[taker.outcome],
    side: taker.side,
    size: sizeText(size),
    fee_rate_bps: '0',
    // The taker's average price over its matches, as GET /data/trades.
    price: priceText(Math.round(notional / size)),
    status: 'CONFIRMED',
    match_time: String(first.matchTime),
    last_update: String(first.matchTime),
    owner: reader.owner,
    trade_owner: reader.owner,
    maker_address: reader.address,
    transaction_hash: transactionHashOf(first.tradeId),
    bucket_index: 0,
    maker_orders: makerOrders,
    trader_side: reader.side,
    timestamp,
  };
}

export function userMessagesOf(committed: Committed, nowMs: number): AddressMessage[] {
  const timestamp = String(nowMs);
  const out: AddressMessage[] = [];
  for (const event of committed.orders) {
    out.push({
      address: event.order.maker,
      market: event.order.market.conditionId,
      text: JSON.stringify(orderMessage(event, timestamp)),
    });
  }
  const markets = new Map(committed.books.map((b) => [b.market.marketId, b.market]));
  const trades = new Map<string, CommittedFill[]>();
  for (const f of committed.fills) trades.set(f.tradeId, [...(trades.get(f.tradeId) ?? []), f]);
  for (const fills of trades.values()) {
    const first = fills[0]!;
    const market = markets.get(first.marketId);
    if (!market) continue;
    const send = (reader: Parameters<typeof tradeMessage>[2]) =>
      out.push({
        address: reader.address,
        market: market.conditionId,
        text: JSON.stringify(tradeMessage(market, fills, reader, timestamp)),
      });
    const takerAddress = first.fill.taker.maker;
    send({ address: takerAddress, owner: first.takerOwner, side: 'TAKER' });
    const makers = new Map<string, string>();
    for (const f of fills) {
      if (f.fill.maker.maker !== takerAddress && !makers.has(f.fill.maker.maker))
        makers.set(f.fill.maker.maker, f.makerOwner);
    }
    for (const [address, owner] of makers) send({ address, owner, side: 'MAKER' });
  }
  return out;
}
