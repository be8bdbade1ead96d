import { Side } from '@polymarket/clob-client';
import { expect, test } from '@playwright/test';
import { outcomeNames, topBinaryEvents, trader } from './support/trading';

/**
 * The dashboard moves with the book: orders placed by the reference's legacy client (as a trading
 * program would) show up on an open event page's book and tape, and on the list's rows, without a reload.
 */

test('an event page shows the live book and tape as orders and trades happen', async ({ page, baseURL }) => {
  // Not the first: the list test below trades on that one.
  const event = (await topBinaryEvents(page, 100))[1]!;
  const market = event.markets[0]!;
  const [first, second] = outcomeNames(market);
  const [firstToken, secondToken] = market.clobTokenIds;
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto(`/e/${event.slug}`);
  const book = page.getByRole('table', { name: new RegExp(`^Order book for ${first}:`) });
  await expect(book).toBeVisible();
  await expect(page.getByText('No bids yet')).toBeVisible();

  const maker = await trader(baseURL!);
  await maker.createAndPostOrder({ tokenID: firstToken!, price: 0.42, size: 10, side: Side.BUY });
  await expect(book.getByRole('row', { name: /Bid 42¢ 10 \$4\.20/ })).toBeVisible();

  // A taker buys the second outcome at 0.58: a full set is minted against the maker's bid at 0.42.
  const taker = await trader(baseURL!);
  await taker.createAndPostOrder({ tokenID: secondToken!, price: 0.58, size: 5, side: Side.BUY });
  await expect(book.getByRole('row', { name: /Bid 42¢ 5 \$2\.10/ })).toBeVisible();
  const tapeRows = page.getByRole('table', { name: 'Last trades, newest first' }).getByRole('row');
  const newest = tapeRows.nth(1);
  await expect(newest).toContainText('42¢');
  await expect(newest.getByRole('cell').nth(1)).toHaveText('5');
  // One trade, one row: the book and the chart both follow this token, and it still prints once.
  await expect(tapeRows).toHaveCount(2);

  // The other outcome is the mirror of the same book: the bid at 42¢ is an ask of it at 58¢.
  await page.getByRole('button', { name: second, exact: true }).click();
  const mirrored = page.getByRole('table', { name: new RegExp(`^Order book for ${second}:`) });
  await expect(mirrored.getByRole('row', { name: /Ask 58¢ 5/ })).toBeVisible();
  // The book and the chart's live tail share the tab's one connection.
  expect(sockets).toEqual([expect.stringMatching(/\/clob\/ws\/market$/)]);

  // Opened again, the page prints the trade from the market's record: the taker bought the second
  // outcome, which in the first outcome's terms is a sell at 42¢.
  await page.reload();
  const reopened = page.getByRole('table', { name: 'Last trades, newest first' }).getByRole('row').nth(1);
  await expect(reopened.getByRole('cell')).toHaveText(['42¢', '5', 'Sell', /now|ago/]);
  await expect(tapeRows).toHaveCount(2);
});

test('a list row on screen shows the live displayed price of its market', async ({ page, baseURL }) => {
  const event = (await topBinaryEvents(page, 20))[0]!;
  const [firstToken, secondToken] = event.markets[0]!.clobTokenIds;
  await page.goto('/');
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: event.title, exact: true }) });
  // Rows follow the books only while on screen.
  await row.scrollIntoViewIfNeeded();
  // A bid at 0.42 and an ask at 0.46 (a bid of the other outcome at 0.54): the displayed price is the
  // midpoint, 44% for the first outcome. A Yes/No question shows its Yes chance (the event page's);
  // any other market its leading outcome, the second, at 56%.
  const [firstName] = outcomeNames(event.markets[0]!);
  const shown = firstName.trim().toLowerCase() === 'yes' ? '44.0%' : '56.0%';
  const maker = await trader(baseURL!);
  await maker.createAndPostOrder({ tokenID: firstToken!, price: 0.42, size: 10, side: Side.BUY });
  await maker.createAndPostOrder({ tokenID: secondToken!, price: 0.54, size: 10, side: Side.BUY });
  await expect(row.getByText(shown)).toBeVisible();
});

test('the book’s market is part of the event page’s link', async ({ page, browser }) => {
  const res = await page.request.get(
    '/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=100',
  );
  const events = (await res.json()) as { slug: string; markets: { id: string; closed: boolean }[] }[];
  const event = events.find((e) => e.markets.filter((m) => !m.closed).length >= 3)!;
  await page.goto(`/e/${event.slug}`);
  const picker = page.getByRole('combobox', { name: 'Market' });
  const first = await picker.inputValue();
  const other = (await picker.locator('option').nth(2).getAttribute('value'))!;
  expect(other).not.toBe(first);
  await picker.selectOption(other);
  await expect(page).toHaveURL(new RegExp(`[?&]market=${other}(&|$)`));
  // Another chart range keeps the market, and a reload opens on it.
  await page.getByRole('link', { name: /1M/ }).click();
  await expect(page).toHaveURL(/[?&]range=1m(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]market=${other}(&|$)`));
  await page.reload();
  await expect(picker).toHaveValue(other);

  // The link opened elsewhere shows the same book.
  const fresh = await browser.newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByRole('combobox', { name: 'Market' })).toHaveValue(other);
  await fresh.close();

  // Back to the first market: the default leaves the link.
  await picker.selectOption(first);
  await expect(page).not.toHaveURL(/market=/);
});

test('a market card’s Trade button shows its book and puts the keyboard on its ticket', async ({ page }) => {
  const res = await page.request.get(
    '/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=100',
  );
  const events = (await res.json()) as { slug: string; markets: { id: string; question: string }[] }[];
  const event = events.find((e) => e.markets.some((m) => m.question.startsWith('Spread:')))!;
  const spread = event.markets.find((m) => m.question.startsWith('Spread:'))!;
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/e/${event.slug}`);
  const picker = page.getByRole('combobox', { name: 'Market' });
  await expect(picker).not.toHaveValue(spread.id);
  // The chart draws the game's own question until another market is chosen, then that one.
  const chart = page.getByRole('slider', { name: /^Chart of / });
  await expect(chart).toBeVisible();
  await expect(chart).not.toHaveAccessibleName(/Spread/);
  await page.getByRole('button', { name: `Trade ${spread.question}` }).press('Enter');
  await expect(picker).toHaveValue(spread.id);
  await expect(chart).toHaveAccessibleName(new RegExp(`· ${spread.question.replace(/[()+.-]/g, '\\$&')}, `));
  await expect(page).toHaveURL(new RegExp(`[?&]market=${spread.id}(&|$)`));
  const ticket = page.locator('[data-trade-ticket]');
  await expect(ticket.getByRole('heading', { level: 3 })).toContainText(
    spread.question.replace(/^Spread: /, ''),
  );
  // The keyboard goes on at the ticket's first control, in view.
  await expect(ticket.getByRole('button', { name: 'Buy' })).toBeFocused();
  await expect(ticket.getByRole('button', { name: 'Buy' })).toBeInViewport();
});

test('the book and the ticket show one outcome: a pick in either moves both', async ({ page }) => {
  const event = (await topBinaryEvents(page, 100))[2]!;
  const [first, second] = outcomeNames(event.markets[0]!);
  await page.goto(`/e/${event.slug}`);
  const ticket = page.locator('[data-trade-ticket]');
  const inTicket = (name: string) =>
    ticket.getByRole('group', { name: 'Outcome' }).getByRole('button', { name: new RegExp(`^${name} `) });
  const inBook = (name: string) =>
    page.getByRole('group', { name: 'Outcome' }).first().getByRole('button', { name, exact: true });
  await expect(inBook(first)).toHaveAttribute('aria-pressed', 'true');
  await expect(inTicket(first)).toHaveAttribute('aria-pressed', 'true');
  // A reader of the second outcome's book who presses Buy buys that outcome, not the first.
  await inBook(second).click();
  await expect(page.getByRole('table', { name: new RegExp(`^Order book for ${second}:`) })).toBeVisible();
  await expect(inTicket(second)).toHaveAttribute('aria-pressed', 'true');
  await inTicket(first).click();
  await expect(inBook(first)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: new RegExp(`^Order book for ${first}:`) })).toBeVisible();
});
