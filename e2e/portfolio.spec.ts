import { Side } from '@polymarket/clob-client';
import { type WebSocketRoute, expect, test } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { tabTo, themedScreenshots } from './support/page-checks';
import {
  activeKeysOf,
  outcomeNames,
  sameWalletClient,
  sessionKeysFor,
  topBinaryEvents,
  trader,
} from './support/trading';
import { installTestWallet } from './wallet';

/**
 * The Portfolio live through the user channel, against the real server: an order filled by another
 * wallet's action shows without a reload; a dropped connection says so and what to do, then comes
 * back. Driven by keyboard; every state screenshotted at phone and desktop width, light and dark.
 */

test('empty, then disconnected and back: keyboard only, in words', async ({ page }) => {
  test.setTimeout(120_000);
  // The user channel passes through here, so the test can cut it and refuse it for a while.
  const sockets: WebSocketRoute[] = [];
  let refuse = false;
  await page.routeWebSocket(/\/clob\/ws\/user$/, (ws) => {
    sockets.push(ws);
    if (refuse) void ws.close({ code: 1006 });
    else ws.connectToServer();
  });
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto('/portfolio');
  await tabTo(page, page.getByRole('button', { name: 'Connect Test Wallet' }));
  await page.keyboard.press('Enter');
  // Each pressed button goes away when done: the focus goes on at the next step, not the page's top.
  await expect(page.getByRole('button', { name: 'Sign to start a session' })).toBeFocused();
  await page.keyboard.press('Enter');
  const summary = page.locator('dl[aria-label="Summary"]');
  await expect(summary).toContainText('$1,000.00');
  await expect(summary).toBeFocused();
  await expect(page.getByText('No positions yet.', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Live: updates as your orders fill/)).toBeVisible();
  // The credentials travel in the channel's first message only: not in its URL, nor in storage.
  expect(sockets[0]!.url()).toMatch(/\/clob\/ws\/user$/);
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`))
      .join('\n'),
  );
  expect(stored).not.toMatch(/secret|passphrase/i);
  await themedScreenshots(page, 'portfolio-empty', ['main']);

  // The connection drops and cannot come back for now.
  refuse = true;
  await sockets[0]!.close({ code: 1006 });
  const off = page.getByText(/Live updates are off:/);
  await expect(off).toBeVisible();
  await expect(off.locator('xpath=..')).toContainText(
    'the connection to the server dropped, so these figures may be out of date. It reconnects on its own; if this lasts, check your internet connection.',
  );
  await themedScreenshots(page, 'portfolio-disconnected', ['main']);
  // Reconnecting again and again while refused: the box stays, the figures stay.
  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(2);
  await expect(off).toBeVisible();
  await expect(summary).toContainText('$1,000.00');

  // Back: Reconnect now, by keyboard.
  refuse = false;
  await tabTo(page, page.getByRole('button', { name: 'Reconnect now' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Live: updates as your orders fill/)).toBeVisible();
  await expect(off).toHaveCount(0);

  // End session goes away with the session: the focus goes on at the button that starts a new one.
  await tabTo(page, page.getByRole('button', { name: 'End session' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Session ended: its key is revoked.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign to start a session' })).toBeFocused();
});

test("a reload ends the tab's session key on the server; the next visit makes its own", async ({
  page,
  baseURL,
}) => {
  const privateKey = generatePrivateKey();
  await installTestWallet(page, { privateKey });
  await page.goto('/portfolio');
  await page.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await page.getByRole('button', { name: 'Sign to start a session' }).click();
  await expect(page.locator('dl[aria-label="Summary"]')).toContainText('$1,000.00');
  const first = await activeKeysOf(baseURL!, privateKey);
  expect(first).toHaveLength(1);
  await page.reload();
  // Revoked by the closing page itself (a request signed ahead, sent with keepalive).
  await expect.poll(() => activeKeysOf(baseURL!, privateKey)).toEqual([]);
  await page.getByRole('button', { name: 'Sign to start a session' }).click();
  await expect(page.locator('dl[aria-label="Summary"]')).toContainText('$1,000.00');
  const second = await activeKeysOf(baseURL!, privateKey);
  expect(second).toHaveLength(1);
  expect(second).not.toEqual(first);
});

test('ten earlier visits left their session keys: the oldest gives way to the new one', async ({
  page,
  baseURL,
}) => {
  const privateKey = generatePrivateKey();
  // Every visit (a reload, a tab) makes a session key that lives a day: ten fill the key limit.
  await sessionKeysFor(baseURL!, privateKey, 10);
  const before = await activeKeysOf(baseURL!, privateKey);
  const wallet = await installTestWallet(page, { privateKey });
  await page.goto('/portfolio');
  await page.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await page.getByRole('button', { name: 'Sign to start a session' }).click();
  await expect(page.locator('dl[aria-label="Summary"]')).toContainText('$1,000.00');
  expect(wallet.countOf('eth_signTypedData_v4')).toBe(1);
  // The oldest session key was revoked, and the new one took its place.
  const after = await activeKeysOf(baseURL!, privateKey);
  expect(after).toHaveLength(10);
  expect(after).not.toContain(before[0]);
  expect(after.slice(0, 9)).toEqual(before.slice(1));

  // A key of one's own on the Keys page, with the list on screen: the next oldest session gives way,
  // and the list says so (not "11 of 10") without asking for another signature.
  await page.getByRole('banner').getByRole('link', { name: 'Keys' }).click();
  await page.getByRole('button', { name: 'Sign to show my keys' }).click();
  await expect(page.getByTestId('keys-count')).toHaveText(/10 of 10/);
  await page.getByRole('button', { name: 'Sign to create a key' }).click();
  const created = page.getByTestId('credential-api-key');
  await expect(created).toHaveText(/^[0-9a-f-]{36}$/);
  const mine = await activeKeysOf(baseURL!, privateKey);
  expect(mine).toHaveLength(10);
  expect(mine).toContain(await created.textContent());
  expect(mine).not.toContain(before[1]);
  await expect(page.getByTestId('keys-count')).toHaveText(/10 of 10/);
  await expect(page.getByTestId('keys-list')).not.toContainText(before[1]!);
  await expect(page.getByTestId('keys-list')).toContainText((await created.textContent())!);
  expect(wallet.countOf('eth_signTypedData_v4')).toBe(3);
});

test("another wallet's trade fills a resting order: the Portfolio shows it without a reload", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const event = (await topBinaryEvents(page, 100))[12]!;
  const market = event.markets[0]!;
  const [yes] = outcomeNames(market);
  const [yesToken, noToken] = market.clobTokenIds as [string, string];
  const privateKey = generatePrivateKey();
  await installTestWallet(page, { privateKey });
  await page.goto(`/e/${event.slug}`);
  const ticket = page.getByRole('region', { name: 'Trade' });
  await ticket.getByRole('button', { name: 'Connect a wallet to trade' }).click();
  await ticket.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await ticket.getByRole('button', { name: 'Limit' }).click();
  for (const [cents, shares] of [
    ['30', '10'],
    ['25', '5'],
  ] as const) {
    await ticket.getByLabel('Limit price (¢)').fill(cents);
    await ticket.getByLabel('Shares', { exact: true }).fill(shares);
    await ticket.getByLabel('Shares', { exact: true }).press('Enter');
    await expect(ticket.getByRole('status').filter({ hasText: 'Resting on the book' })).toHaveText(
      `Resting on the book: buy ${shares} ${yes} at ${cents}¢.`,
    );
  }

  // The Portfolio in the same tab (the session is in memory): both orders rest, $4.25 held back.
  await page.getByRole('banner').getByRole('link', { name: 'Portfolio' }).click();
  const summary = page.locator('dl[aria-label="Summary"]');
  await expect(summary).toContainText('$995.75');
  await expect(page.getByRole('button', { name: 'Open orders (2)' })).toBeVisible();
  await expect(page.getByText(/^Live: updates as your orders fill/)).toBeVisible();

  // Another wallet buys the other outcome at 70¢: a full set is minted against the 30¢ bid only.
  const taker = await trader(baseURL!);
  await taker.createAndPostOrder({ tokenID: noToken, price: 0.7, size: 10, side: Side.BUY });
  await expect(page.getByRole('button', { name: 'Open orders (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Positions (1)' })).toBeVisible();
  const position = page.getByRole('table', { name: 'Positions' }).getByRole('row').nth(1);
  await expect(position).toContainText(yes);
  await expect(position.getByRole('cell').nth(2)).toHaveText('10', { useInnerText: true });
  await expect(position.getByRole('cell').nth(3)).toHaveText('30¢');
  // The 25¢ bid holds $1.25 back: cash 1,000 − 3 − 1.25, and the total counts what is held.
  await expect(summary).toContainText('$995.75+ $1.25 held by open orders');
  await themedScreenshots(page, 'portfolio-positions-live', ['main']);

  // By keyboard: the history shows the fill in the reader's terms, then the open order is cancelled.
  await tabTo(page, page.getByRole('button', { name: 'History (1)' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('table', { name: 'Trade history, newest first' }).getByRole('row').nth(1),
  ).toContainText(`Bought ${yes} (your order filled)1030¢$3.00`);
  await themedScreenshots(page, 'portfolio-history-live', ['main']);
  await tabTo(page, page.getByRole('button', { name: 'Open orders (1)' }));
  await page.keyboard.press('Enter');
  await themedScreenshots(page, 'portfolio-orders-live', ['main']);
  // "Cancel all" asks once more, with the focus on keeping it (one order: asked about as one); Escape
  // keeps it.
  await tabTo(page, page.getByRole('button', { name: 'Cancel all' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expect(page.getByRole('group', { name: 'Cancel your open order?' })).toContainText(
    'Cancel your open order?',
  );
  await expect(page.getByRole('button', { name: 'Cancel it' })).toBeVisible();
  await themedScreenshots(page, 'portfolio-cancel-all-asked', ['main']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Cancel all' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: `Cancel buy 5 ${yes} at 25¢` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('status')).toHaveText(
    'Order cancelled.',
  );
  await expect(page.getByRole('button', { name: 'Open orders (0)' })).toBeVisible();
  // 1,000 − 3 paid for the fill; nothing held back any more.
  await expect(summary).toContainText('$997.00');
  await expect(summary).toContainText('Paper money received$1,000.00Starting grant of paper money');

  // The wallet's own program sells 5 of the 10 at 40¢ to the other wallet's bid: bought at 30¢, that
  // realises 5 × 10¢, and the page hears it on the user channel.
  await taker.createAndPostOrder({ tokenID: yesToken, price: 0.4, size: 5, side: Side.BUY });
  const own = await sameWalletClient(baseURL!, privateKey);
  const sold = await own.createAndPostOrder({ tokenID: yesToken, price: 0.4, size: 5, side: Side.SELL });
  expect(sold).toMatchObject({ status: 'matched' });
  await expect(summary).toContainText('Realised profit or loss$0.50');
  await expect(summary).toContainText('Cash (free)$999.00');
  await page.getByRole('button', { name: 'Positions (1)' }).click();
  await expect(position.getByRole('cell').nth(2)).toHaveText('5', { useInnerText: true });
  await themedScreenshots(page, 'portfolio-realised', ['main']);
});

test('opened while the server is away: says so, offers a retry, and reads the account once it answers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  let away = false;
  await page.routeWebSocket(/\/clob\/ws\/user$/, (ws) => {
    if (away) void ws.close({ code: 1006 });
    else ws.connectToServer();
  });
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto('/portfolio');
  await page.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await page.getByRole('button', { name: 'Sign to start a session' }).click();
  const summary = page.locator('dl[aria-label="Summary"]');
  await expect(summary).toContainText('$1,000.00');
  await page.getByRole('banner').getByRole('link', { name: 'Keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  // The server goes away; the Portfolio is opened again meanwhile.
  away = true;
  await page.route(/\/clob\/(?!ws\/)/, (route) => route.abort('connectionrefused'));
  await page.getByRole('banner').getByRole('link', { name: 'Portfolio' }).click();
  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  await expect(portfolio).toContainText(
    'Your account could not be read. It is read again as soon as the server answers.',
  );
  await expect(portfolio.getByRole('alert')).toContainText('Could not reach the server');
  await expect(portfolio).not.toContainText('Loading your account');
  await portfolio.getByRole('button', { name: 'Try again' }).click();
  await expect(portfolio.getByRole('button', { name: 'Try again' })).toBeVisible();
  await themedScreenshots(page, 'portfolio-outage', ['main']);

  // Back: the account is read on its own once the channel reaches the server, with the same session.
  away = false;
  await page.unroute(/\/clob\/(?!ws\/)/);
  await expect(summary).toContainText('$1,000.00', { timeout: 40_000 });
  await expect(portfolio.getByRole('alert')).toHaveCount(0);
});
