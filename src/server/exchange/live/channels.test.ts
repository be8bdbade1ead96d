import { describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '../../../contract/live';
import type { LiveClient, Message } from './test/live-client';
import { expectSdkReads, sleep, startLiveServer, userAuth } from './test/live-server';
import { upsertEvents } from '../../catalog/load';

/**
 * The live channels against the real server (docs/api.md, Live channels): what a subscriber reads
 * after orders placed over HTTP, on both channels, every message read by the reference SDK's schemas.
 */

const s = startLiveServer({}, 7);

const withoutTime = ({ timestamp: _t, hash: _h, event_type: _e, ...rest }: Message) => rest;
const assetOf = (m: Message) => m.asset_id ?? m.price_changes?.[0]?.asset_id;
const of = (type: string, asset?: string) => (m: Message) =>
  m.event_type === type && (asset === undefined || assetOf(m) === asset);

/** Connected, and every message before it was handled: the server answers PING in order. */
async function synced(client: LiveClient, message: unknown): Promise<LiveClient> {
  client.send(message);
  client.send('PING');
  await client.text('PONG');
  return client;
}

describe('the market channel', () => {
  it('sends each subscribed asset its book, equal to GET /book; the No book is the mirror of Yes', async () => {
    const m = s.markets[0]!;
    const maker = await s.trader();
    for (const [tokenId, price] of [
      [m.yes, 0.3],
      [m.yes, 0.32],
      [m.no, 0.6], // an ask of Yes at 0.4
    ] as const) {
      expect((await maker.place({ tokenId, side: 'BUY', price, size: 10 })).statusCode).toBe(200);
    }
    const client = await s.connect('market');
    client.send({ type: 'market', assets_ids: [m.yes, m.no] });
    const books = await client.until(of('book'), 2);
    expectSdkReads('market', books);
    for (const token of [m.yes, m.no]) {
      const rest = await s.t.app.inject({ method: 'GET', url: `/clob/book?token_id=${token}` });
      expect(withoutTime(books.find((b: Message) => b.asset_id === token))).toEqual(withoutTime(rest.json()));
    }
    const yes = books.find((b: Message) => b.asset_id === m.yes);
    expect(yes).toMatchObject({
      market: m.conditionId,
      bids: [
        { price: '0.3', size: '10' },
        { price: '0.32', size: '10' },
      ],
      asks: [{ price: '0.4', size: '10' }],
    });
    expect(books.find((b: Message) => b.asset_id === m.no)).toMatchObject({
      bids: [{ price: '0.6', size: '10' }],
      asks: [
        { price: '0.7', size: '10' },
        { price: '0.68', size: '10' },
      ],
    });
    client.close();
  });

  it('sends the changes of an order placed over HTTP, in each token’s terms, and its trades', async () => {
    const m = s.markets[1]!;
    const [maker, taker] = [await s.trader(), await s.trader()];
    const onYes = await s.connect('market');
    const onNo = await s.connect('market');
    onYes.send({ type: 'market', assets_ids: [m.yes] });
    onNo.send({ type: 'market', assets_ids: [m.no], custom_feature_enabled: true });
    await Promise.all([onYes.until(of('book')), onNo.until(of('book'))]);

    // A bid of Yes at 0.45 × 20 rests: a level appears (an ask of No at 0.55).
    expect((await maker.place({ tokenId: m.yes, side: 'BUY', price: 0.45, size: 20 })).statusCode).toBe(200);
    const [yesChange] = await onYes.until(of('price_change'));
    expect(yesChange).toMatchObject({
      market: m.conditionId,
      price_changes: [
        { asset_id: m.yes, price: '0.45', size: '20', side: 'BUY', best_bid: '0.45', best_ask: '1' },
      ],
    });
    const [noChange] = await onNo.until(of('price_change'));
    expect(noChange.price_changes).toEqual([
      { asset_id: m.no, price: '0.55', size: '20', side: 'SELL', best_bid: '0', best_ask: '0.55' },
    ]);
    // The custom feature: the best prices moved.
    const [best] = await onNo.until(of('best_bid_ask'));
    expect(best).toMatchObject({ asset_id: m.no, best_bid: '0', best_ask: '0.55', spread: '0.55' });

    // A buy of No at 0.55 × 5 meets part of it (a mint): a trade, and the level's new total.
    const bought = await taker.place({ tokenId: m.no, side: 'BUY', price: 0.55, size: 5, orderType: 'FAK' });
    expect(bought.json(), bought.body).toMatchObject({ status: 'matched' });
    const [yesTrade] = await onYes.until(of('last_trade_price'));
    expect(yesTrade).toMatchObject({ asset_id: m.yes, price: '0.45', size: '5', side: 'SELL' });
    const [noTrade] = await onNo.until(of('last_trade_price'));
    expect(noTrade).toMatchObject({ asset_id: m.no, price: '0.55', size: '5', side: 'BUY' });
    expect(yesTrade.transaction_hash).toBe(bought.json().transactionsHashes[0]);
    const yesChanges = await onYes.until(of('price_change'), 2);
    expect(yesChanges[1].price_changes).toEqual([
      { asset_id: m.yes, price: '0.45', size: '15', side: 'BUY', best_bid: '0.45', best_ask: '1' },
    ]);
    // Only the custom subscriber gets best prices, and only when they move (they did not here).
    expect(onYes.messages.filter(of('best_bid_ask'))).toEqual([]);
    await sleep(100);
    expect(onNo.messages.filter(of('best_bid_ask'))).toHaveLength(1);
    expectSdkReads('market', [...onYes.messages, ...onNo.messages]);
    onYes.close();
    onNo.close();
  });

  it('stops sending an asset once unsubscribed; initial_dump false sends no book', async () => {
    const [a, b] = [s.markets[2]!, s.markets[3]!];
    const maker = await s.trader();
    const client = await s.connect('market');
    await synced(client, { type: 'market', assets_ids: [a.yes, b.yes], initial_dump: false });
    expect(client.messages).toEqual([]);
    await maker.place({ tokenId: a.yes, side: 'BUY', price: 0.2, size: 5 });
    await client.until(of('price_change', a.yes));
    await synced(client, { operation: 'unsubscribe', assets_ids: [a.yes] });
    const before = client.messages.length;
    await maker.place({ tokenId: a.yes, side: 'BUY', price: 0.21, size: 5 });
    await maker.place({ tokenId: b.yes, side: 'BUY', price: 0.2, size: 5 });
    // b's change comes after a's commit: had a's been sent, it would be here by now.
    await client.until(of('price_change', b.yes));
    expect(client.messages.slice(before).map(assetOf)).toEqual([b.yes]);
    // Subscribing again sends a fresh book first.
    client.send({ operation: 'subscribe', assets_ids: [a.yes] });
    const [book] = await client.until(of('book', a.yes));
    expect(book.bids).toEqual([
      { price: '0.2', size: '5' },
      { price: '0.21', size: '5' },
    ]);
    client.close();
  });

  it('a market that a load of the catalog closes: each of its levels goes to zero', async () => {
    const m = s.markets[6]!;
    const maker = await s.trader();
    await maker.place({ tokenId: m.yes, side: 'BUY', price: 0.3, size: 5 });
    await maker.place({ tokenId: m.no, side: 'BUY', price: 0.4, size: 5 });
    const client = await s.connect('market');
    await synced(client, { type: 'market', assets_ids: [m.yes] });
    const [book] = await client.until(of('book', m.yes));
    expect(book.bids).toEqual([{ price: '0.3', size: '5' }]);
    expect(book.asks).toEqual([{ price: '0.6', size: '5' }]);

    const event = s.catalog.find((e) => e.markets.some((k) => k.conditionId === m.conditionId))!;
    const closing = {
      ...event,
      markets: event.markets.map((k) => (k.conditionId === m.conditionId ? { ...k, closed: true } : k)),
    };
    await upsertEvents(s.t.database.db, [closing]);
    // Once the exchange has seen the load (about a second): a bot's book built from the channel is empty.
    const removals = () =>
      client.messages
        .filter(of('price_change', m.yes))
        .flatMap((message: Message) => message.price_changes)
        .filter((c: Message) => c.size === '0')
        .map((c: Message) => `${c.side} ${c.price}`);
    await client.until(() => removals().length >= 2);
    expect(removals().sort()).toEqual(['BUY 0.3', 'SELL 0.6']);
    client.close();
  });

  it('answers a plain GET (no WebSocket) with 400, and is listed in the OpenAPI document', async () => {
    const plain = await s.t.app.inject({ method: 'GET', url: '/clob/ws/market' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const openapi = await s.t.app.inject({ method: 'GET', url: '/clob/openapi.json' });
    expect(Object.keys(openapi.json().paths)).toEqual(expect.arrayContaining(['/ws/market', '/ws/user']));
  });

  it('answers PING with PONG', async () => {
    const client = await s.connect('market');
    client.send('PING');
    await client.text('PONG');
    client.close();
  });
});

describe('the user channel', () => {
  it('sends order and trade events of the key’s owner only', async () => {
    const m = s.markets[4]!;
    const [maker, taker, other] = [await s.trader(), await s.trader(), await s.trader()];
    const channels = await Promise.all([maker, taker, other].map(() => s.connect('user')));
    const [forMaker, forTaker, forOther] = channels as [LiveClient, LiveClient, LiveClient];
    await synced(forMaker, userAuth(maker));
    await synced(forTaker, userAuth(taker, [m.conditionId]));
    await synced(forOther, userAuth(other));

    const rest = await maker.place({ tokenId: m.yes, side: 'SELL', price: 0.7, size: 10 });
    expect(rest.statusCode).toBe(400); // no shares yet: refused, and nothing is sent
    const bid = await maker.place({ tokenId: m.no, side: 'BUY', price: 0.3, size: 10 }); // an ask of Yes at 0.7
    const bidId = bid.json().orderID;
    const [placed] = await forMaker.until(of('order'));
    expect(placed).toMatchObject({
      type: 'PLACEMENT',
      id: bidId,
      owner: maker.credentials.apiKey,
      market: m.conditionId,
      asset_id: m.no,
      side: 'BUY',
      original_size: '10',
      size_matched: '0',
      price: '0.3',
      status: 'LIVE',
      order_type: 'GTC',
      maker_address: maker.address,
    });

    const take = await taker.place({ tokenId: m.yes, side: 'BUY', price: 0.7, size: 4, orderType: 'FAK' });
    expect(take.json()).toMatchObject({ status: 'matched' });
    const takerOrder = take.json().orderID;
    const [update] = await forMaker.until((x) => x.event_type === 'order' && x.type === 'UPDATE');
    expect(update).toMatchObject({ id: bidId, size_matched: '4', status: 'LIVE' });
    const [makerTrade] = await forMaker.until(of('trade'));
    expect(makerTrade).toMatchObject({
      type: 'TRADE',
      taker_order_id: takerOrder,
      trader_side: 'MAKER',
      owner: maker.credentials.apiKey,
      maker_address: maker.address,
      status: 'CONFIRMED',
      maker_orders: [{ order_id: bidId, matched_amount: '4', price: '0.3', asset_id: m.no }],
    });
    const takerEvents = await forTaker.until((x) => ['order', 'trade'].includes(x.event_type), 2);
    expect(takerEvents[0]).toMatchObject({
      event_type: 'order',
      type: 'PLACEMENT',
      id: takerOrder,
      size_matched: '4',
      status: 'MATCHED',
      associate_trades: [makerTrade.id],
    });
    expect(takerEvents[1]).toMatchObject({
      event_type: 'trade',
      id: makerTrade.id,
      trader_side: 'TAKER',
      asset_id: m.yes,
      side: 'BUY',
      size: '4',
      price: '0.7',
    });

    // The maker cancels: its channel hears it; the other user's channel heard nothing of theirs.
    const cancel = await maker.request('DELETE', '/order', { orderID: bidId });
    expect(cancel.json().canceled).toEqual([bidId]);
    const [cancelled] = await forMaker.until((x) => x.type === 'CANCELLATION');
    expect(cancelled).toMatchObject({ id: bidId, size_matched: '4', status: 'CANCELED' });
    const own = await other.place({ tokenId: m.yes, side: 'BUY', price: 0.1, size: 5 });
    const [mine] = await forOther.until(of('order'));
    expect(mine.id).toBe(own.json().orderID);
    expect(forOther.messages).toHaveLength(1);
    expectSdkReads('user', [...forMaker.messages, ...forTaker.messages, ...forOther.messages]);

    // A market the taker does not follow: nothing for it (a market subscriber's message shows when the
    // commit has been sent), until it follows that market too.
    const watcher = await s.connect('market');
    await synced(watcher, { type: 'market', assets_ids: [s.markets[5]!.yes], initial_dump: false });
    const elsewhere = await taker.place({ tokenId: s.markets[5]!.yes, side: 'BUY', price: 0.1, size: 5 });
    expect(elsewhere.statusCode).toBe(200);
    await watcher.until(of('price_change'));
    await synced(forTaker, { operation: 'subscribe', markets: [s.markets[5]!.conditionId] });
    await taker.place({ tokenId: s.markets[5]!.yes, side: 'BUY', price: 0.11, size: 5 });
    const later = await forTaker.until(of('order'), 2);
    expect(later[1]).toMatchObject({ price: '0.11' });
    for (const c of [...channels, watcher]) c.close();
  });

  it('refuses unknown keys, a wrong passphrase or secret, and revoked keys, each with its reason', async () => {
    const trader = await s.trader();
    const creds = userAuth(trader).auth;
    const refusedWith = async (auth: object) => {
      const client = await s.connect('user');
      client.send({ type: 'user', auth });
      return client.ended();
    };
    expect(await refusedWith({ ...creds, apiKey: crypto.randomUUID() })).toEqual({
      code: LIVE_CLOSE.UNAUTHORISED,
      reason: 'auth.apiKey is not a key of this service',
    });
    expect(await refusedWith({ ...creds, passphrase: 'f'.repeat(64) })).toMatchObject({
      code: LIVE_CLOSE.UNAUTHORISED,
      reason: 'auth.passphrase is not the passphrase of auth.apiKey',
    });
    expect(await refusedWith({ ...creds, secret: `${Buffer.alloc(32).toString('base64url')}=` })).toEqual({
      code: LIVE_CLOSE.UNAUTHORISED,
      reason: 'auth.secret is not the secret of auth.apiKey',
    });
    // Operations before authenticating are refused too.
    const early = await s.connect('user');
    early.send({ operation: 'subscribe', markets: [s.markets[0]!.conditionId] });
    expect((await early.ended()).code).toBe(LIVE_CLOSE.UNAUTHORISED);

    const accepted = await synced(await s.connect('user'), { type: 'user', auth: creds });
    expect((await trader.request('DELETE', '/api-keys')).statusCode).toBe(200);
    expect(await refusedWith(creds)).toEqual({
      code: LIVE_CLOSE.UNAUTHORISED,
      reason: 'auth.apiKey has been revoked; create a new key',
    });
    accepted.close();
  });

  it('answers PING with PONG', async () => {
    const client = await s.connect('user');
    client.send('PING');
    await client.text('PONG');
    client.close();
  });
});
