import { describe, expect, it } from 'vitest';
import { importEvents } from '../../../catalog-tools/import';
import { CLOSING_EVERY_MS } from '../exchange';
import type { Message } from './test/live-client';
import { expectSdkReads, startLiveServer } from './test/live-server';

/**
 * A re-import that changes a market's tick (docs/exchange.md, "Markets that close"): both tokens'
 * subscribers are told with `tick_size_change`, in order with the book's other changes, and from then on
 * books, /tick-size and order checks use the new tick; orders resting off it stay.
 */

const s = startLiveServer({}, 1);

const market = (id: string, tick: number) => ({
  id,
  question: `Market ${id}?`,
  conditionId: `0x${id.padStart(64, '0')}`,
  outcomes: '["Yes", "No"]',
  outcomePrices: '["0.5", "0.5"]',
  clobTokenIds: JSON.stringify([`${id}1`, `${id}2`]),
  orderPriceMinTickSize: tick,
});
const load = async (tick: number) => {
  const report = await importEvents(s.t.database.db, [
    {
      id: '81',
      slug: 'event-81',
      title: 'Event 81',
      active: true,
      closed: false,
      endDate: '2030-01-01T00:00:00Z',
      markets: [market('8101', tick)],
    },
  ]);
  expect(report.errors).toEqual([]);
};
const [YES, NO] = ['81011', '81012'];
const CONDITION = `0x${'8101'.padStart(64, '0')}`;
const of = (type: string) => (m: Message) => m.event_type === type;
const within = 4 * CLOSING_EVERY_MS;

describe('tick_size_change', () => {
  it('tells both tokens’ subscribers, then books and orders use the new tick', async () => {
    await load(0.01);
    const maker = await s.trader();
    expect((await maker.place({ tokenId: YES, side: 'BUY', price: 0.42, size: 10 })).statusCode).toBe(200);
    const onYes = await s.connect('market');
    const onNo = await s.connect('market');
    onYes.send({ type: 'market', assets_ids: [YES] });
    onNo.send({ type: 'market', assets_ids: [NO] });
    const [[yesBook], [noBook]] = await Promise.all([onYes.until(of('book')), onNo.until(of('book'))]);
    expect(yesBook).toMatchObject({ tick_size: '0.01', bids: [{ price: '0.42', size: '10' }] });
    expect(noBook).toMatchObject({ tick_size: '0.01' });
    expect((await maker.place({ tokenId: YES, side: 'BUY', price: 0.425, size: 10 })).statusCode).toBe(400);

    await load(0.001);
    const [yesChange] = await onYes.until(of('tick_size_change'), 1, within);
    const [noChange] = await onNo.until(of('tick_size_change'), 1, within);
    const told = { market: CONDITION, old_tick_size: '0.01', new_tick_size: '0.001' };
    expect(yesChange).toEqual({
      event_type: 'tick_size_change',
      asset_id: YES,
      ...told,
      timestamp: expect.any(String),
    });
    expect(noChange).toEqual({
      event_type: 'tick_size_change',
      asset_id: NO,
      ...told,
      timestamp: expect.any(String),
    });

    // From then on: the REST answers, a new subscription's book, and the order checks. The resting
    // 0.42 stays as it was.
    expect((await s.t.app.inject({ url: `/clob/tick-size?token_id=${YES}` })).json()).toEqual({
      minimum_tick_size: 0.001,
    });
    expect((await s.t.app.inject({ url: `/clob/book?token_id=${NO}` })).json()).toMatchObject({
      tick_size: '0.001',
    });
    onYes.send({ operation: 'subscribe', assets_ids: [YES] });
    const books = await onYes.until(of('book'), 2);
    expect(books[1]).toMatchObject({ tick_size: '0.001', bids: [{ price: '0.42', size: '10' }] });
    const fine = await maker.place({ tokenId: YES, side: 'BUY', price: 0.425, size: 10 });
    expect(fine.statusCode, fine.body).toBe(200);
    await onYes.until((m) => m.event_type === 'price_change' && m.price_changes[0].price === '0.425');
    // In commit order: the tick before the change it allowed.
    const types = onYes.messages.map((m: Message) => m.event_type);
    expect(types.indexOf('tick_size_change')).toBeLessThan(types.indexOf('price_change'));

    // A load that keeps the tick says nothing; the next change is told from the tick then.
    await load(0.001);
    await load(0.01);
    const changes = await onNo.until(of('tick_size_change'), 2, within);
    expect(changes[1]).toMatchObject({ asset_id: NO, old_tick_size: '0.001', new_tick_size: '0.01' });
    expect((await s.t.app.inject({ url: `/clob/book?token_id=${YES}` })).json()).toMatchObject({
      tick_size: '0.01',
      bids: [
        { price: '0.42', size: '10' },
        { price: '0.425', size: '10' },
      ],
    });
    expect(onNo.messages.filter(of('tick_size_change'))).toHaveLength(2);
    expectSdkReads('market', [...onYes.messages, ...onNo.messages]);
    onYes.close();
    onNo.close();
  });
});
