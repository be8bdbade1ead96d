import { FULL_SET_PRICE, MAX_PRICE, MIN_PRICE } from './prices';
import type { OrderIn, RestingOrder } from './types';

/**
 * The engine's preconditions. The order pipeline refuses bad orders with the service's own errors
 * before they get here, so a failure here is a programming error and throws.
 */

const isCount = (value: unknown, min: number): boolean =>
  Number.isSafeInteger(value) && (value as number) >= min;

function fail(order: OrderIn, checks: [bad: boolean, problem: string][]): void {
  const failed = checks.find(([bad]) => bad);
  if (failed) throw new RangeError(`Order ${String(order.id)}: ${failed[1]}`);
}

export function assertOrder(order: OrderIn): void {
  const tif = order.timeInForce;
  fail(order, [
    [typeof order.id !== 'string' || order.id === '', 'id must be a non-empty string'],
    [typeof order.maker !== 'string' || order.maker === '', 'maker must be a non-empty string'],
    [order.outcome !== 0 && order.outcome !== 1, 'outcome must be 0 or 1'],
    [order.side !== 'BUY' && order.side !== 'SELL', 'side must be BUY or SELL'],
    [
      !isCount(order.price, MIN_PRICE) || order.price > MAX_PRICE,
      `price must be an integer in ${MIN_PRICE}…${MAX_PRICE}`,
    ],
    [
      !isCount(order.size, 1) || !Number.isSafeInteger(order.size * FULL_SET_PRICE),
      'size must be a positive integer of centishares whose full-set value is exact',
    ],
    [
      tif !== 'GTC' && tif !== 'GTD' && tif !== 'FOK' && tif !== 'FAK',
      'timeInForce must be GTC, GTD, FOK or FAK',
    ],
    [!isCount(order.expiration, 0), 'expiration must be a non-negative integer of unix seconds'],
    [tif === 'GTD' && order.expiration === 0, 'a GTD order needs an expiration'],
    [typeof order.postOnly !== 'boolean', 'postOnly must be a boolean'],
    [order.postOnly && tif !== 'GTC' && tif !== 'GTD', 'postOnly is for GTC and GTD orders only'],
    [
      order.budget !== undefined && (!isCount(order.budget, 1) || order.side !== 'BUY'),
      'budget must be a positive integer of base units, on a BUY',
    ],
    [order.budget !== undefined && tif !== 'FOK' && tif !== 'FAK', 'budget is for FOK and FAK orders only'],
  ]);
}

export function assertResting(order: RestingOrder): void {
  assertOrder(order);
  fail(order, [
    [order.timeInForce !== 'GTC' && order.timeInForce !== 'GTD', 'only GTC and GTD orders rest'],
    [!isCount(order.remaining, 1) || order.remaining > order.size, 'remaining must be an integer in 1…size'],
    [!isCount(order.seq, 0), 'seq must be a non-negative integer'],
  ]);
}
