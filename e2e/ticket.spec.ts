import { AssetType, Side } from '@polymarket/clob-client';
import { expect, test } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { tabTo, themedScreenshots } from './support/page-checks';
import { emptyBookEvent, outcomeNames, sameWalletClient, topBinaryEvents, trader } from './support/trading';
import { installTestWallet } from './wallet';

/**
 * The trade ticket and the Portfolio against the real server, the injected test wallet signing (one L1
 * signature for the session key, one EIP-712 signature per order), another wallet's orders placed with
 * the reference's legacy client.
 */

test('ticket: a session key, a resting limit order and a market order that fills', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const event = (await topBinaryEvents(page, 100))[6]!;
  const market = event.markets[0]!;
  const [yes] = outcomeNames(market);
  const [, noToken] = market.clobTokenIds as [string, string];
  // Another wallet offers the first outcome at 55¢ (a bid of the second at 45¢), 40 shares.
  const maker = await trader(baseURL!);
  await maker.createAndPostOrder({ tokenID: noToken, price: 0.45, size: 40, side: Side.BUY });

  const privateKey = generatePrivateKey();
  const wallet = await installTestWallet(page, { privateKey });
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  await page.goto(`/e/${event.slug}`);
  const ticket = page.getByRole('region', { name: 'Trade' });
  await expect(ticket.getByRole('button', { name: new RegExp(`^${yes} 55¢$`) })).toBeVisible();
  // The ticket and its preview work without wallet code; it loads once the reader asks for a wallet.
  await ticket.getByRole('button', { name: 'Market' }).click();
  await ticket.getByLabel('Amount ($)', { exact: true }).fill('5.5');
  await expect(ticket.getByRole('definition').nth(1)).toHaveText('10');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.includes('eth_signTypedData_v4'))).toBe(false);
  await ticket.getByLabel('Amount ($)', { exact: true }).fill('');
  await ticket.getByRole('button', { name: 'Connect a wallet to trade' }).press('Enter');
  // The pressed buttons go away: the keyboard goes on at the wallet, then at the order's amount.
  await expect(ticket.getByRole('button', { name: 'Connect Test Wallet' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ticket.getByLabel('Amount ($)', { exact: true })).toBeFocused();

  // Limit: 10 shares at 30¢ rest on the book.
  await ticket.getByRole('button', { name: 'Limit' }).click();
  await ticket.getByLabel('Limit price (¢)').fill('30.5');
  await ticket.getByLabel('Shares', { exact: true }).fill('10');
  await expect(ticket.getByRole('alert')).toContainText('Prices move in steps of 1¢: try 30¢ or 31¢.');
  await ticket.getByLabel('Limit price (¢)').fill('30');
  await ticket.getByLabel('Shares', { exact: true }).fill('3');
  await expect(ticket.getByRole('alert')).toContainText('The smallest order that can rest is 5 shares.');
  // Keyboard only from here: type, then Enter submits the form.
  await ticket.getByLabel('Shares', { exact: true }).fill('10');
  const sign = ticket.getByRole('button', { name: `Sign to buy 10 ${yes} at 30¢` });
  await expect(sign).toBeEnabled();
  await ticket.getByLabel('Shares', { exact: true }).press('Enter');
  await expect(ticket.getByRole('status').filter({ hasText: 'Resting on the book' })).toHaveText(
    `Resting on the book: buy 10 ${yes} at 30¢.`,
  );
  // One L1 signature for the session, one for the order.
  expect(wallet.countOf('eth_signTypedData_v4')).toBe(2);
  await expect(ticket.getByText(/trading session on/)).toBeVisible();
  // The book marks the level that holds it, in words for a screen reader.
  const book = page.getByRole('region', { name: `Order book, ${yes}` });
  await expect(book.getByRole('row').filter({ hasText: 'Bid 30¢' })).toContainText('10 of them yours');
  await expect(book.getByText('Your resting orders')).toBeVisible();
  await themedScreenshots(page, 'book-own-order', ['main']);
  // With a session the ticket knows what is free: $1,000 less the $3 the bid holds, and a buy beyond
  // it is refused in words before anything is signed.
  await expect(ticket.getByText(`Free to trade: $997.00 · 0 ${yes}`)).toBeVisible();
  await ticket.getByLabel('Shares', { exact: true }).fill('10000');
  await expect(ticket.getByRole('alert')).toHaveText('This order needs $3,000.00 and you have $997.00 free.');
  await expect(ticket.getByRole('button', { name: /^Sign to buy/ })).toBeDisabled();
  await ticket.getByLabel('Shares', { exact: true }).fill('');
  // A market buy past the balance and past what is for sale (the 40 at 55¢): both are said.
  await ticket.getByRole('button', { name: 'Market' }).click();
  await ticket.getByLabel('Amount ($)', { exact: true }).fill('5000');
  await expect(ticket.getByRole('alert')).toHaveText(
    `This order needs $5,000.00 and you have $997.00 free. Only $22.00 of ${yes} is for sale now.`,
  );
  // Max is what can be bought now, not the whole balance.
  await ticket.getByRole('button', { name: `Max: spend $22.00, all of ${yes} others sell now` }).click();
  await expect(ticket.getByLabel('Amount ($)', { exact: true })).toHaveValue('22');
  await expect(ticket.getByRole('alert')).toHaveCount(0);
  await ticket.getByLabel('Amount ($)', { exact: true }).fill('');
  await ticket.getByRole('button', { name: 'Limit' }).click();

  // Buying the other outcome at 70¢ would meet that bid (its mirror), the only No for sale: said as it
  // is typed, with no figures (they would be the wallet's own shares) and nothing to press; gone once
  // the order is changed.
  const no = outcomeNames(market)[1];
  await ticket.getByRole('button', { name: new RegExp(`^${no} `) }).click();
  await ticket.getByRole('button', { name: 'Market' }).click();
  await ticket.getByLabel('Amount ($)').fill('7');
  const selfTrade = ticket.getByRole('alert').filter({ hasText: 'would meet' });
  await expect(selfTrade).toHaveText(
    `This order would meet your order to buy 10 ${yes} at 30¢. The exchange never trades a wallet with itself: it would cancel it instead. Cancel it under “Your open orders here”, or change the price.`,
  );
  await expect(ticket.getByRole('button', { name: /^Sign to buy/ })).toBeDisabled();
  await expect(ticket.getByRole('definition').first()).toHaveText('—');
  expect(wallet.countOf('eth_signTypedData_v4')).toBe(2);
  await ticket.getByRole('button', { name: new RegExp(`^${yes} `) }).click();
  await expect(selfTrade).toHaveCount(0);
  await ticket.getByLabel('Amount ($)').fill('');

  // Market: $11 buys 20 shares at 55¢ from the other wallet's order; no new session signature.
  await ticket.getByRole('button', { name: 'Market' }).click();
  await ticket.getByLabel('Amount ($)').fill('11');
  const preview = ticket.getByRole('definition');
  await expect(preview.nth(0)).toHaveText('55¢');
  await expect(preview.nth(1)).toHaveText('20');
  await expect(preview.nth(2)).toHaveText('$11.00');
  await expect(preview.nth(3)).toHaveText('$20.00');
  await themedScreenshots(page, 'ticket-market-buy', ['main']);
  await ticket.getByRole('button', { name: `Sign to buy 20 ${yes} at up to 55¢` }).click();
  // 55¢ is 12.5¢ from the midpoint between the resting 30¢ bid and the 55¢ ask: confirm first.
  await expect(ticket.getByRole('alert')).toHaveText(
    'This order can trade at 55¢, 12.5¢ above the midpoint 42.5¢. Press the button again to sign it anyway.',
  );
  expect(wallet.countOf('eth_signTypedData_v4')).toBe(2);
  // Another order is not confirmed by that warning: changing it asks again.
  await ticket.getByLabel('Amount ($)').fill('10');
  await expect(ticket.getByRole('button', { name: /^Sign to buy/ })).toBeVisible();
  await expect(ticket.getByRole('alert')).toHaveCount(0);
  await ticket.getByLabel('Amount ($)').fill('11');
  await ticket.getByRole('button', { name: `Sign to buy 20 ${yes} at up to 55¢` }).click();
  await expect(ticket.getByRole('alert')).toContainText('12.5¢ above the midpoint');
  await ticket.getByRole('button', { name: `Confirm: sign to buy 20 ${yes} at up to 55¢` }).press('Enter');
  await expect(ticket.getByRole('status').filter({ hasText: 'Matched' })).toHaveText(
    `Matched: bought 20 ${yes} for $11.00.`,
  );
  // The keyboard is where it was: on the button, now waiting for the next amount (not the page's top).
  await expect(ticket.getByRole('button', { name: new RegExp(`^Sign to buy ${yes}$`) })).toBeFocused();
  expect(wallet.countOf('eth_signTypedData_v4')).toBe(3);

  // Max fills in all a market buy can spend now, the $11.00 of the 20 at 55¢ others still sell (not
  // the $986.00 free), or the 20 shares to sell.
  await expect(ticket.getByText(`Free to trade: $986.00 · 20 ${yes}`)).toBeVisible();
  await ticket.getByRole('button', { name: `Max: spend $11.00, all of ${yes} others sell now` }).click();
  await expect(ticket.getByLabel('Amount ($)')).toHaveValue('11');
  await ticket.getByRole('button', { name: 'Sell', exact: true }).click();
  await ticket.getByRole('button', { name: `Max: sell all 20 free ${yes} shares` }).click();
  await expect(ticket.getByLabel('Shares', { exact: true })).toHaveValue('20');
  await ticket.getByLabel('Shares', { exact: true }).fill('');
  await ticket.getByRole('button', { name: 'Buy', exact: true }).click();

  // The server agrees: 1,000 − 11 paid − 3 reserved by the resting order; 20 shares held.
  const same = await sameWalletClient(baseURL!, privateKey);
  const collateral = await same.getBalanceAllowance({ asset_type: AssetType.COLLATERAL });
  expect(collateral.balance).toBe('986000000');
  const shares = await same.getBalanceAllowance({
    asset_type: AssetType.CONDITIONAL,
    token_id: market.clobTokenIds[0]!,
  });
  expect(shares.balance).toBe('20000000');
  // Nothing of the session key was stored by the page.
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`))
      .join('\n'),
  );
  expect(stored).not.toMatch(/secret|passphrase/i);

  // The Portfolio, reached in the same tab (the session is held in memory only): both orders show.
  await page.getByRole('banner').getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveTitle('Portfolio · Marketdesk');
  const summary = page.getByRole('list', { name: 'Summary' }).or(page.locator('dl[aria-label="Summary"]'));
  await expect(summary).toContainText('$986.00');
  const positions = page.getByRole('table', { name: 'Positions' });
  await expect(positions.getByRole('row').nth(1)).toContainText(`${yes}20`);
  await expect(positions.getByRole('row').nth(1)).toContainText('55¢');
  await themedScreenshots(page, 'portfolio-positions', ['main']);
  await page.getByRole('button', { name: /^Open orders \(1\)$/ }).click();
  await themedScreenshots(page, 'portfolio-orders', ['main']);
  await page.getByRole('button', { name: /^History \(1\)$/ }).click();
  await expect(page.getByRole('table', { name: 'Trade history, newest first' })).toContainText(
    `Bought ${yes}`,
  );
  await page.getByRole('button', { name: /^Open orders/ }).click();
  await page.getByRole('button', { name: `Cancel buy 10 ${yes} at 30¢` }).press('Enter');
  await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('status')).toHaveText(
    'Order cancelled.',
  );
  await expect(page.getByText('No open orders.')).toBeVisible();
  await expect(summary).toContainText('$989.00');
  expect((await same.getBalanceAllowance({ asset_type: AssetType.COLLATERAL })).balance).toBe('989000000');
  expect(await same.getOpenOrders()).toEqual([]);

  // End session: the key is revoked.
  await page.getByRole('button', { name: 'End session' }).click();
  await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('status')).toHaveText(
    'Session ended: its key is revoked.',
  );
  await expect(page.getByRole('button', { name: 'Sign to start a session' })).toBeVisible();
  const keys = await same.getApiKeys();
  expect(JSON.stringify(keys)).not.toContain('Dashboard session');
});

test('on a phone, the sticky top bar never covers the control the keyboard is on', async ({ page }) => {
  const event = (await topBinaryEvents(page, 100))[4]!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/e/${event.slug}`);
  const ticket = page.getByRole('region', { name: 'Trade' });
  await ticket.getByRole('button', { name: 'Connect a wallet to trade' }).focus();
  const bar = await page.getByRole('banner').boundingBox();
  // Up through the ticket to Buy, as a keyboard user going back would.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Shift+Tab');
    const box = await page.evaluate(() => {
      const r = document.activeElement!.getBoundingClientRect();
      return { top: r.top, name: document.activeElement!.textContent };
    });
    expect(box.top, `focus on "${box.name}" under the top bar`).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    if (box.name === 'Buy') return;
  }
  throw new Error('Shift+Tab never reached Buy');
});

test('the wallet’s open orders here: listed under the ticket, told when filled, cancelled by keyboard', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // An empty book: the order below must rest, and the sale meet it and nothing else.
  const event = await emptyBookEvent(page);
  const [yes] = outcomeNames(event.markets[0]!);
  const [, noToken] = event.markets[0]!.clobTokenIds as [string, string];
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto(`/e/${event.slug}`);
  const ticket = page.getByRole('region', { name: 'Trade' });
  await ticket.getByRole('button', { name: 'Connect a wallet to trade' }).click();
  await ticket.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await ticket.getByRole('button', { name: 'Limit' }).click();
  await ticket.getByLabel('Limit price (¢)').fill('20');
  // More than the grant: the first order starts the session, then is not signed, said once.
  await ticket.getByLabel('Shares', { exact: true }).fill('10000');
  await ticket.getByLabel('Shares', { exact: true }).press('Enter');
  await expect(ticket.getByRole('alert')).toHaveText(
    'This order needs $2,000.00 and you have $1,000.00 free. The order was not signed.',
  );
  await expect(ticket.getByText(/This order needs/)).toHaveCount(1);
  await ticket.getByLabel('Shares', { exact: true }).fill('10');
  await ticket.getByLabel('Shares', { exact: true }).press('Enter');
  const mine = ticket.getByRole('region', { name: /^Your open orders here/ });
  await expect(mine).toContainText(`Buy 10 ${yes} at 20¢`);
  // Another wallet's program sells 5 into it (it buys the other outcome at 80¢): told as it happens.
  const sold = await (await trader(baseURL!)).createAndPostOrder({
    tokenID: noToken,
    price: 0.8,
    size: 5,
    side: Side.BUY,
  });
  expect(sold).toMatchObject({ success: true, status: 'matched' });
  await expect(mine.getByRole('status')).toHaveText(
    new RegExp(`^At [^,]+, your resting order bought 5 ${yes} at 20¢\\.$`),
  );
  await expect(mine).toContainText(`Buy 5 ${yes} at 20¢`);
  await themedScreenshots(page, 'ticket-open-orders', ['main']);
  await tabTo(page, mine.getByRole('button', { name: `Cancel buy 5 ${yes} at 20¢` }));
  await page.keyboard.press('Enter');
  await expect(ticket.getByRole('status').filter({ hasText: 'Cancelled' })).toHaveText(
    `Cancelled: buy 5 ${yes} at 20¢.`,
  );
  await expect(mine).toContainText('None resting.');
  await expect(mine.getByRole('heading')).toBeFocused();
  // The book no longer marks it, and nothing is held back.
  await expect(page.getByText('Your resting orders')).toHaveCount(0);
  await expect(ticket.getByText(`Free to trade: $999.00 · 5 ${yes}`)).toBeVisible();
});
