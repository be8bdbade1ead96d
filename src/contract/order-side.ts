/**
 * The signed `side` (uint8): clob-client dist/order-utils/model/order-side.model.js; SDK src/exchange.ts.
 * A module of its own so that the request schemas (trading.ts) can use it without bringing the orders'
 * hashing (orders.ts) into every dashboard chunk that reads answers.
 */
export const ORDER_SIDE = { BUY: 0, SELL: 1 } as const;
export type OrderSideNumber = (typeof ORDER_SIDE)[keyof typeof ORDER_SIDE];
