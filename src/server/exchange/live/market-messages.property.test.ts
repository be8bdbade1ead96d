import { MarketEventSchema } from '@polymarket/bindings/subscriptions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Book } from '../../../engine/book';
import type { Outcome } from '../../../engine/types';
import { BatchEvents } from '../batch-events';
import type { TradableMarket } from '../markets';
import { FULL_SET_PRICE as PRICE_ONE } from '../../../engine/prices';
import { priceText, sizeText } from '../units';
import type { Committed } from '../writer';
import { marketMessagesOf } from './market-messages';

/**
 * The market channel's messages of random batches of orders and cancels on one book (market-messages.ts):
 * a subscriber of either token who applies each `price_change` to the token's book has, after every
 * batch, exactly the engine's view of that token (the No token's the mirror of the Yes token's), with
 * the best prices it was told; each trade is told in both tokens' terms; the SDK's schemas read all.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const market: TradableMarket = {
  marketId: 'm1',
  conditionId: `0x${'ab'.repeat(32)}`,
  tokens: ['101', '202'],
  negRisk: false,
  tick: 100,
  minSize: 1,
};

const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      maker: fc.constantFrom('0xa', '0xb', '0xc'),
      outcome: fc.constantFrom<Outcome>(0, 1),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      price: fc.integer({ min: 1, max: 99 }).map((p) => p * 100),
      size: fc.integer({ min: 1, max: 40 }),
      fak: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

type Level = { price: string; size: string };
const view = (levels: { price: number; size: number }[]): Level[] =>
  levels.map((l) => ({ price: priceText(l.price), size: sizeText(l.size) }));

describe('market messages of a batch', () => {
  it('rebuild each token’s book as the engine sees it, mirror and best prices included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 }),
        (batches) => {
          const book = new Book();
          const kept = [new Map<string, Level>(), new Map<string, Level>()].map(() => ({
            BUY: new Map<string, string>(),
            SELL: new Map<string, string>(),
          }));
          let id = 0;
          for (const [version, ops] of batches.entries()) {
            const events = new BatchEvents();
            const fills: Committed['fills'] = [];
            for (const o of ops) {
              if (o.kind === 'cancel') {
                const resting = book.resting();
                if (resting.length === 0) continue;
                const target = resting[o.pick % resting.length]!;
                events.change(market, book, () => book.cancel(target.id));
                continue;
              }
              const order = {
                id: `o${++id}`,
                maker: o.maker,
                outcome: o.outcome,
                side: o.side,
                price: o.price,
                size: o.size,
                timeInForce: o.fak ? ('FAK' as const) : ('GTC' as const),
                postOnly: false,
                expiration: 0,
              };
              const result = events.change(market, book, () => book.place(order));
              if (!result.ok) continue;
              for (const fill of result.fills)
                fills.push({
                  marketId: 'm1',
                  tradeId: `t${id}`,
                  fill,
                  matchTime: 1,
                  takerOwner: 'k',
                  makerOwner: 'k',
                });
            }
            const committed: Committed = {
              version,
              markets: new Set(['m1']),
              fills,
              books: events.books(),
              orders: [],
              ticks: [],
            };
            const messages = marketMessagesOf(committed, 1_700_000_000_000).map((m) => ({
              asset: m.asset,
              body: JSON.parse(m.text),
            }));
            for (const { body } of messages) expect(MarketEventSchema.safeParse(body).success).toBe(true);

            const trades = messages.filter((m) => m.body.event_type === 'last_trade_price');
            expect(trades).toHaveLength(fills.length * 2);
            for (let i = 0; i < trades.length; i += 2) {
              const [yes, no] = [trades[i]!.body, trades[i + 1]!.body];
              expect([yes.asset_id, no.asset_id]).toEqual(market.tokens);
              expect(Math.round((Number(yes.price) + Number(no.price)) * PRICE_ONE)).toBe(PRICE_ONE);
              expect(yes.side).not.toBe(no.side);
            }
            for (const outcome of [0, 1] as const) {
              const asset = market.tokens[outcome];
              for (const { body } of messages.filter(
                (m) => m.asset === asset && m.body.event_type === 'price_change',
              )) {
                for (const c of body.price_changes) {
                  expect(c.asset_id).toBe(asset);
                  const side = kept[outcome]![c.side as 'BUY' | 'SELL'];
                  if (c.size === '0') side.delete(c.price);
                  else side.set(c.price, c.size);
                  const best = book.best(outcome);
                  expect([c.best_bid, c.best_ask]).toEqual([
                    priceText(best.bid ?? 0),
                    priceText(best.ask ?? PRICE_ONE),
                  ]);
                }
              }
              const levels = book.levels(outcome);
              const sorted = (side: Map<string, string>, bestFirst: (a: number, b: number) => number) =>
                [...side.entries()]
                  .map(([price, size]) => ({ price, size }))
                  .sort((a, b) => bestFirst(Number(a.price), Number(b.price)));
              expect(sorted(kept[outcome]!.BUY, (a, b) => b - a)).toEqual(view(levels.bids));
              expect(sorted(kept[outcome]!.SELL, (a, b) => a - b)).toEqual(view(levels.asks));
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
