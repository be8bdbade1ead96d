import { Side } from '@polymarket/clob-client';
import { type Page, type WebSocketRoute, expect, test } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { describeChain } from '../src/app/lib/wallet/chains';
import { axeViolations, tabTo, themedScreenshots } from './support/page-checks';
import {
  type ApiEvent,
  activeKeysOf,
  outcomeNames,
  revokeKeysOf,
  topBinaryEvents,
  trader,
} from './support/trading';
import { KEY_CHAIN_ID, installTestWallet } from './wallet';

/**
 * The trade ticket when things go wrong, against the real server with the injected test wallet: no
 * wallet, a wallet on another chain, the user declining a signature, a session key that ended, the
 * exchange refusing the order, the live socket dropping while an order is on its way. Each ends in a
 * clear state, in words, with nothing lost.
 */

const DECLINED = 'You declined the signature in your wallet. Nothing was sent.';

/** One event per test (their books stay apart), past those the other specs trade on. */
async function eventAt(page: Page, index: number): Promise<ApiEvent> {
  return (await topBinaryEvents(page, 100))[index]!;
}

async function openTicket(page: Page, event: ApiEvent) {
  await page.goto(`/e/${event.slug}`);
  const ticket = page.getByRole('region', { name: 'Trade' });
  await expect(ticket.getByRole('button', { name: 'Limit' })).toBeVisible();
  return ticket;
}

async function connect(page: Page, event: ApiEvent) {
  const ticket = await openTicket(page, event);
  await ticket.getByRole('button', { name: 'Connect a wallet to trade' }).click();
  await ticket.getByRole('button', { name: 'Connect Test Wallet' }).click();
  return ticket;
}

/** A limit buy typed in the ticket, sent with Enter from the shares field. */
async function limitBuy(ticket: ReturnType<Page['getByRole']>, cents: string, shares: string) {
  await ticket.getByRole('button', { name: 'Limit' }).click();
  await ticket.getByLabel('Limit price (¢)').fill(cents);
  await ticket.getByLabel('Shares', { exact: true }).fill(shares);
  await ticket.getByLabel('Shares', { exact: true }).press('Enter');
}

// The words themselves, not the module's constant: a test of what the reader sees.
const NO_WALLET_TEXT =
  'No wallet found in this browser. On a computer, install or enable a wallet extension such as MetaMask, Rabby or Coinbase Wallet, then reload this page. On a phone, open this page in your wallet app’s own browser.';

const said = (ticket: ReturnType<Page['getByRole']>, text: string | RegExp) =>
  expect(ticket.getByRole('alert').or(ticket.getByRole('status')).filter({ hasText: text })).toBeVisible();

test('no wallet: the ticket and the Portfolio say how to get one, on a computer or a phone', async ({
  page,
}) => {
  const event = await eventAt(page, 8);
  const ticket = await openTicket(page, event);
  await ticket.getByRole('button', { name: 'Connect a wallet to trade' }).click();
  await expect(ticket.getByText(NO_WALLET_TEXT)).toBeVisible();
  expect(await axeViolations(page, ['main'])).toEqual([]);
  await page.goto('/portfolio');
  await expect(page.getByText(NO_WALLET_TEXT)).toBeVisible();
  expect(await axeViolations(page, ['main'])).toEqual([]);
});

test('another chain, then the user declining each signature: nothing is sent until all are given', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const event = await eventAt(page, 8);
  const [yes] = outcomeNames(event.markets[0]!);
  const privateKey = generatePrivateKey();
  // The wallet is on Ethereum mainnet; the dashboard signs for the key chain (80002).
  const wallet = await installTestWallet(page, { privateKey, chainId: 1 });
  const ticket = await connect(page, event);

  wallet.rejectNext('wallet_switchEthereumChain');
  await limitBuy(ticket, '20', '5');
  await said(ticket, `The wallet declined to switch to ${describeChain(KEY_CHAIN_ID)}. Nothing was sent.`);
  expect(wallet.chainId).toBe(1);

  // Asked again, the wallet switches; the user declines the session's signature.
  wallet.rejectNextTyped('ClobAuth');
  await ticket.getByRole('button', { name: `Sign to buy 5 ${yes} at 20¢` }).press('Enter');
  await said(ticket, DECLINED);
  expect(wallet.countOf('wallet_switchEthereumChain')).toBe(2);
  expect(wallet.chainId).toBe(KEY_CHAIN_ID);
  await expect(ticket.getByText(/first order also starts a trading session/)).toBeVisible();

  // The session is made; the user declines the order's signature.
  wallet.rejectNextTyped('Order');
  await ticket.getByRole('button', { name: `Sign to buy 5 ${yes} at 20¢` }).press('Enter');
  await said(ticket, DECLINED);
  await expect(ticket.getByText(/trading session on/)).toBeVisible();
  expect(await activeKeysOf(baseURL!, privateKey)).toHaveLength(1);

  // The fourth press goes through: one session, one order, and the inputs kept until it did.
  await expect(ticket.getByLabel('Shares', { exact: true })).toHaveValue('5');
  await ticket.getByRole('button', { name: `Sign to buy 5 ${yes} at 20¢` }).press('Enter');
  await said(ticket, `Resting on the book: buy 5 ${yes} at 20¢.`);
  expect(wallet.typedCountOf('ClobAuth')).toBe(2);
  expect(wallet.typedCountOf('Order')).toBe(2);
  expect(await axeViolations(page, ['main'])).toEqual([]);
});

test('a session key that ended is replaced, said in words, and the order still goes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const event = await eventAt(page, 9);
  const [yes] = outcomeNames(event.markets[0]!);
  const privateKey = generatePrivateKey();
  const wallet = await installTestWallet(page, { privateKey });
  const ticket = await connect(page, event);
  await limitBuy(ticket, '20', '5');
  await said(ticket, `Resting on the book: buy 5 ${yes} at 20¢.`);

  // The session key ends on the server (revoked from elsewhere): the page still holds it.
  expect(await revokeKeysOf(baseURL!, privateKey)).toHaveLength(1);
  await ticket.getByLabel('Limit price (¢)').fill('21');
  await ticket.getByLabel('Shares', { exact: true }).fill('6');
  await ticket.getByLabel('Shares', { exact: true }).press('Enter');
  await said(
    ticket,
    `Resting on the book: buy 6 ${yes} at 21¢. Your trading session had ended, so a new one was started.`,
  );
  // One more session signature; each order signed once.
  expect(wallet.typedCountOf('ClobAuth')).toBe(2);
  expect(wallet.typedCountOf('Order')).toBe(2);

  // Nothing lost: both orders rest, and the Portfolio (same tab, new session) shows them.
  await page.getByRole('banner').getByRole('link', { name: 'Portfolio' }).click();
  await page.getByRole('button', { name: 'Open orders (2)' }).click();
  await expect(page.getByRole('table', { name: 'Open orders' }).getByRole('row')).toHaveCount(3);

  // Ended again while the Portfolio is open: a cancel starts a new session and still cancels.
  await revokeKeysOf(baseURL!, privateKey);
  await page.getByRole('button', { name: `Cancel buy 6 ${yes} at 21¢` }).click();
  await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('status')).toHaveText(
    'Your trading session had ended, so a new one was started. Order cancelled.',
  );
  await expect(page.getByRole('button', { name: 'Open orders (1)' })).toBeVisible();
  expect(wallet.typedCountOf('ClobAuth')).toBe(3);
});

test('the exchange refusing an order: its reason in words, nothing traded', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const event = await eventAt(page, 10);
  const market = event.markets[0]!;
  const [yes] = outcomeNames(market);
  const [, noToken] = market.clobTokenIds as [string, string];
  const maker = await trader(baseURL!);
  await maker.createAndPostOrder({ tokenID: noToken, price: 0.45, size: 40, side: Side.BUY });
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  const ticket = await connect(page, event);
  await expect(ticket.getByRole('button', { name: new RegExp(`^${yes} 55¢$`) })).toBeVisible();
  await ticket.getByRole('button', { name: 'Market' }).click();
  await ticket.getByLabel('Amount ($)').fill('5.5');
  // The offer goes while the order is on its way: the exchange finds nothing to match.
  await page.route('**/clob/order', async (route) => {
    await maker.cancelAll();
    await route.continue();
  });
  await ticket.getByLabel('Amount ($)').press('Enter');
  await said(
    ticket,
    'Nothing was for sale at your price when the order reached the exchange: the book had moved since this preview. Nothing was traded.',
  );
  await page.unroute('**/clob/order');
  await page.getByRole('banner').getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.locator('dl[aria-label="Summary"]')).toContainText('$1,000.00');
  await expect(page.getByRole('button', { name: 'History (0)' })).toBeVisible();
});

test('the live socket dropping mid-order: the result comes over HTTP, the book subscribes again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const event = await eventAt(page, 11);
  const [yes] = outcomeNames(event.markets[0]!);
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/clob\/ws\/market$/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  const ticket = await connect(page, event);
  const book = page.getByRole('table', { name: new RegExp(`^Order book for ${yes}:`) });
  await expect(book).toBeVisible();
  await page.route('**/clob/order', async (route) => {
    await sockets.at(-1)!.close({ code: 1006 });
    await route.continue();
  });
  // Keyboard only: to the order type, the price, the shares, then Enter.
  await tabTo(page, ticket.getByRole('button', { name: 'Limit' }));
  await page.keyboard.press('Enter');
  await tabTo(page, ticket.getByLabel('Limit price (¢)'));
  await page.keyboard.type('33');
  await tabTo(page, ticket.getByLabel('Shares', { exact: true }));
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await said(ticket, `Resting on the book: buy 7 ${yes} at 33¢.`);
  // A new connection, a fresh book: the order shows on it.
  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(1);
  await expect(book.getByRole('row', { name: /Bid 33¢ 7 / })).toBeVisible();
  expect(await axeViolations(page, ['main'])).toEqual([]);
});

test('the live socket down: the preview says its prices are as they were, until it is back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const event = await eventAt(page, 15);
  const [yes] = outcomeNames(event.markets[0]!);
  const sockets: WebSocketRoute[] = [];
  let refuse = false;
  await page.routeWebSocket(/\/clob\/ws\/market$/, (ws) => {
    sockets.push(ws);
    if (refuse) void ws.close({ code: 1006 });
    else ws.connectToServer();
  });
  const ticket = await openTicket(page, event);
  await expect(page.getByRole('table', { name: new RegExp(`^Order book for ${yes}:`) })).toBeVisible();
  await ticket.getByRole('button', { name: 'Limit' }).click();
  await ticket.getByLabel('Limit price (¢)').fill('25');
  await ticket.getByLabel('Shares', { exact: true }).fill('10');
  const note = ticket.getByText(/^Prices as they were when the live connection dropped\./);
  await expect(note).toHaveCount(0);
  // The connection drops and is refused for a while: the preview says so, and is described by it.
  refuse = true;
  await sockets.at(-1)!.close({ code: 1006 });
  await expect(note).toBeVisible();
  await expect(ticket.locator('dl[aria-label="Preview"]')).toHaveAccessibleDescription(
    "Prices as they were when the live connection dropped. An order you send now meets the exchange's book as it is then, within your price limit.",
  );
  await expect(page.getByRole('region', { name: `Order book, ${yes}` })).toHaveAccessibleDescription(
    'As it was when the live connection dropped: waiting for it.',
  );
  // Marked, not dimmed: axe checks every figure's contrast in each theme and width.
  await themedScreenshots(page, 'ticket-stale', ['main']);
  // Back: the note goes once a fresh book arrives.
  refuse = false;
  await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(2);
  await expect(note).toHaveCount(0, { timeout: 15_000 });
});

test('the answer to an order lost on the way: the exchange is asked, nothing is sent twice', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const event = await eventAt(page, 13);
  const [yes] = outcomeNames(event.markets[0]!);
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  const ticket = await connect(page, event);
  // The order reaches the server and rests; its answer never reaches the page.
  let posts = 0;
  await page.route('**/clob/order', async (route) => {
    posts += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await limitBuy(ticket, '22', '8');
  await said(
    ticket,
    `Resting on the book: buy 8 ${yes} at 22¢. (The answer was lost on the way; the exchange has the order.)`,
  );
  expect(posts).toBe(1);
  await page.unroute('**/clob/order');
  await page.getByRole('banner').getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByRole('button', { name: 'Open orders (1)' })).toBeVisible();

  // Never arrived at all: said so, nothing traded.
  await page.goBack();
  await page.route('**/clob/order', (route) => route.abort('connectionrefused'));
  await limitBuy(ticket, '21', '5');
  await said(
    ticket,
    'The order did not reach the exchange: nothing was traded. Send it again when the connection is back.',
  );
});
