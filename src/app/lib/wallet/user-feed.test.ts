import { describe, expect, it } from 'vitest';
import { readUserFrame } from './user-feed';

const me = '0x00000000000000000000000000000000000000Aa';
const other = '0x00000000000000000000000000000000000000bb';

/** A trade message as the server sends it to one of its makers (docs/api.md, "Live channels"). */
const makerTrade = (over: Record<string, unknown> = {}) => ({
  event_type: 'trade',
  type: 'TRADE',
  id: 'trade-1',
  market: '0xc1',
  trader_side: 'MAKER',
  maker_address: me.toLowerCase(),
  maker_orders: [
    {
      order_id: 'o-mine',
      maker_address: me,
      asset_id: 'yes',
      side: 'BUY',
      matched_amount: '4',
      price: '0.2',
    },
    {
      order_id: 'o-theirs',
      maker_address: other,
      asset_id: 'yes',
      side: 'BUY',
      matched_amount: '6',
      price: '0.21',
    },
  ],
  ...over,
});

describe('readUserFrame', () => {
  it('reads the reader’s own resting orders a trade filled, and no one else’s', () => {
    expect(readUserFrame(JSON.stringify([makerTrade()]))).toEqual([
      {
        kind: 'trade',
        id: 'trade-1',
        market: '0xc1',
        type: 'TRADE',
        makerFills: [{ orderId: 'o-mine', assetId: 'yes', side: 'BUY', size: 4, price: 2000 }],
      },
    ]);
  });

  it('tells no fill of a resting order to the taker, nor for an order event', () => {
    const [taker, order] = readUserFrame(
      JSON.stringify([
        makerTrade({ trader_side: 'TAKER' }),
        { event_type: 'order', type: 'UPDATE', id: 'o-mine', market: '0xc1' },
      ]),
    );
    expect(taker?.makerFills).toEqual([]);
    expect(order).toMatchObject({ kind: 'order', makerFills: [] });
  });

  it('drops maker orders it cannot read, and frames that are not events', () => {
    const broken = makerTrade({
      maker_orders: [
        { order_id: 'a', maker_address: me, asset_id: 'yes', side: 'BUY', matched_amount: 'x', price: '0.2' },
        {
          order_id: 'b',
          maker_address: me,
          asset_id: 'yes',
          side: 'HOLD',
          matched_amount: '1',
          price: '0.2',
        },
        {
          order_id: 'c',
          maker_address: me,
          asset_id: 'yes',
          side: 'SELL',
          matched_amount: '1',
          price: '1.5',
        },
        null,
      ],
    });
    expect(readUserFrame(JSON.stringify(broken))[0]?.makerFills).toEqual([]);
    expect(readUserFrame('not json')).toEqual([]);
    expect(readUserFrame(JSON.stringify({ event_type: 'book' }))).toEqual([]);
  });
});
