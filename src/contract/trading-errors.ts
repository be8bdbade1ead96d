/**
 * The refusal sentences of the trading interface's order book (docs/api.md §7 and the order book): the
 * `error` of a refused request is the reference service's own wording, because programs written on its
 * clients match on it; the `code` beside it is ours. No zod here, so the dashboard can show these too.
 *
 * Where each wording comes from (the tag after each entry):
 * - [sdk]: matched verbatim by the reference SDK's code (@polymarket/bindings 0.2.0
 *   src/clob/order-response.ts inferOrderResponseErrorCode; @polymarket/client 0.2.0
 *   src/actions/orders/trade.ts), so it is the wording that counts;
 * - [legacy]: thrown with this wording by the legacy client itself (@polymarket/clob-client 5.8.1
 *   dist/client.js), so its users already know it;
 * - [docs]: the reference's error-code reference page (docs.polymarket.com/resources/error-codes);
 * - [seen]: reported from the live service in public issues and in other clients' tests;
 * - [ours]: the reference has no equivalent (or none we could find); our own sentence.
 */

/** Collateral and token amounts in base units (6 decimals), as decimal strings. */
type BaseUnits = string | bigint;

export const TRADING_REFUSALS = {
  /** 400: an order (or batch) that can never be accepted as sent. */
  INVALID_ORDER: {
    /** [docs] The body is not an order request at all (missing fields, wrong types). */
    payload: 'Invalid order payload',
    /**
     * [docs] + [ours] A signed order whose amounts cannot be traded: the reference's words, then why.
     * `shares` is the field that holds the shares (a BUY's takerAmount, a SELL's makerAmount).
     */
    amounts: (problem: 'too-small' | 'too-large', shares: 'takerAmount' | 'makerAmount') =>
      problem === 'too-small'
        ? `Invalid order payload: ${shares}: less than 0.01 share (10000 base units), the smallest amount traded`
        : 'Invalid order payload: amounts larger than anyone can hold here',
    /** [docs] `owner` is not the API key that signed the request. */
    owner: 'the order owner has to be the owner of the API KEY',
    /** [docs][seen] `signer` is not the API key's address. */
    signer: 'the order signer address has to be the address of the API KEY',
    /**
     * [seen] The EIP-712 signature does not recover to `signer`. The reference says only the first two
     * words (no client matches on more); the rest names what this market's orders must be signed for,
     * since a wrong chain id or exchange is the usual cause and the signature alone cannot say which.
     */
    signature: (version: 1 | 2, negRisk: boolean, chainId: number, exchange: string) =>
      `invalid signature: a version-${version} order of this ${negRisk ? 'negative-risk ' : ''}market is signed by its signer for chain ${chainId} and exchange ${exchange}`,
    /** [ours] Only EOA signatures (type 0: maker = signer) can be checked without a chain. */
    signatureType: (type: number) =>
      `invalid signature type ${type}: only wallet signatures (signature type 0, maker = signer) are accepted here`,
    /** [docs] Price not a multiple of the market's tick. `orderId` is the order's hash. */
    tickSize: (orderId: string, price: string, tick: string) =>
      `order ${orderId} is invalid. Price (${price}) breaks minimum tick size rule: ${tick}`,
    /** [legacy] Price outside [tick, 1 − tick] (the legacy client's own local check, same words). */
    priceRange: (price: string, tick: string) =>
      `invalid price (${price}), min: ${Number(tick)} - max: ${1 - Number(tick)}`,
    /** [docs] A resting order below the market's minimum size (shares). */
    minSize: (orderId: string, size: string, min: string) =>
      `order ${orderId} is invalid. Size (${size}) lower than the minimum: ${min}`,
    /**
     * [seen] FOK/FAK orders are market orders there: the amount given (USDC for a BUY, shares for a
     * SELL) in at most 2 decimals, the amount asked in at most 4.
     */
    marketAmounts: (side: 'BUY' | 'SELL') =>
      side === 'BUY'
        ? 'invalid amounts, the market buy orders maker amount supports a max accuracy of 2 decimals, taker amount a max of 4 decimals'
        : 'invalid amounts, the sell orders maker amount supports a max accuracy of 2 decimals, taker amount a max of 4 decimals',
    /** [sdk][docs] GTD expiration too soon (or set on a non-GTD order). */
    expiration: 'invalid expiration',
    /** [sdk] A version-1 order's `nonce` other than the one the exchange expects. */
    nonce: 'invalid nonce',
    /** [legacy] wording of its local check; [seen] the service's "fee rate for the market must be N". */
    feeRate: (given: string) =>
      `invalid user provided fee rate: (${given}), fee rate for the market must be 0`,
    /** [seen] (copies of older docs) `postOnly` on a FOK/FAK order. */
    postOnlyType: 'invalid post-only order: only GTC and GTD order types are allowed',
    /** [docs] More than 15 orders in one POST /orders. */
    tooMany: (count: number, max: number) => `Too many orders in payload: ${count}, max allowed: ${max}`,
    /** [sdk][docs] The token's market is not open for orders (closed, or not tradable here). */
    marketNotReady: 'the market is not yet ready to process new orders',
  },
  /** 400 [docs][seen]: the same signed order (same EIP-712 hash) was already accepted. */
  ORDER_DUPLICATED: {
    duplicated: (orderId: string) => `order ${orderId} is invalid. Duplicated.`,
  },
  /**
   * 400: the maker cannot cover the order from unreserved balance. [sdk] matches the prefix with
   * `includes`; [seen] the service appends the detail below. Never say "allowance is not enough": on
   * that phrase the SDK's placeLimitOrder/placeMarketOrder start an on-chain approval and retry.
   */
  NOT_ENOUGH_BALANCE: {
    balance: (available: BaseUnits, needed: BaseUnits) =>
      `not enough balance / allowance: the balance is not enough -> balance: ${available}, order amount: ${needed}`,
  },
  /** 400 [sdk][docs]: what a FOK or FAK order could not do. */
  ORDER_NOT_FILLED: {
    fok: "order couldn't be fully filled. FOK orders are fully filled or killed.",
    fak: 'no orders found to match with FAK order. FAK orders are partially filled or killed if no match is found.',
  },
  /** 400 [sdk][docs]: a post-only order that would trade on arrival. */
  POST_ONLY_CROSSES: {
    crosses: 'invalid post-only order: order crosses book',
  },
  /** 404: a token with no book here. */
  ORDERBOOK_NOT_FOUND: {
    /** [docs] /book, /price, /midpoint, /spread… and orders on such a token. */
    book: 'No orderbook exists for the requested token id',
    /** [docs] what the reference says on /tick-size and /neg-risk for an unknown token. */
    market: 'market not found',
  },
  /** 404: a condition id of no market in the catalog. */
  MARKET_NOT_FOUND: {
    /** [docs] the reference's sentence for an unknown market (as ORDERBOOK_NOT_FOUND.market). */
    market: 'market not found',
  },
  /** 404 (GET /data/order/{id}) and the cancel answers' `not_canceled` reasons. */
  /** 400: POST /v1/heartbeats with an id that is not the key's running chain. */
  HEARTBEAT_INVALID: {
    /** [ours] The chain lapsed: no heartbeat within the window, so its address's orders were cancelled. */
    lapsed: (heartbeatId: string, at: number) =>
      `heartbeat ${heartbeatId} lapsed at ${new Date(at * 1000).toISOString()}: no heartbeat came within 10 seconds, so every open order of this address was cancelled; send a heartbeat without heartbeat_id to start a new chain`,
    /** [ours] No chain of this key has this id (none was started, or a newer one replaced it). */
    unknown: (heartbeatId: string) =>
      `heartbeat ${heartbeatId} is not this API key's running heartbeat; send one without heartbeat_id to start a chain`,
  },
  ORDER_NOT_FOUND: {
    /** [ours] GET /data/order/{id} of an id that is not one of the caller's orders. */
    order: (orderId: string) => `order ${orderId} not found`,
    /** [seen] `not_canceled[id]` of an unknown, filled or already cancelled order. */
    cancel: "order can't be found - already canceled or matched",
  },
  /** 400: query parameters of the public and read endpoints. */
  INVALID_PARAMETER: {
    /** [docs] */
    tokenId: 'Invalid token id',
    /** [docs] */
    side: 'Invalid side',
    /** [docs] malformed id in /data/order/{id} or a cancel body. */
    orderId: 'Invalid orderID',
    /** [docs] GET /data/orders */
    orderParams: 'invalid order params payload',
    /** [docs] GET /data/trades */
    tradeParams: 'Invalid trade params payload',
    /** [ours] GET /markets and the other market listings (worded as the two above). */
    marketParams: 'Invalid markets params payload',
    /** [ours] the rewards lists (worded as the three above). */
    rewardsParams: 'Invalid rewards params payload',
  },
  /** 400: bodies of the batch read endpoints (POST /books, /prices, /midpoints…) and cancels. */
  INVALID_BODY: {
    /** [docs] */
    payload: 'Invalid payload',
    /** [docs] more than the batch limit of token ids. */
    tooMany: 'Payload exceeds the limit',
    /** [docs] DELETE /order, /orders, /cancel-market-orders with a malformed body. */
    cancelPayload: 'Invalid order payload',
    /** [docs] DELETE /orders with more than 3000 ids. */
    tooManyIds: (max: number) => `Too many orders in payload, max allowed: ${max}`,
  },
} as const;

export type TradingErrorCode = keyof typeof TRADING_REFUSALS;
