import { ClobClient, Side } from '@polymarket/clob-client';
import { expect, type Page, test } from '@playwright/test';
import { createWalletClient, custom } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/**
 * The dashboard moves with the book: orders placed by the reference's legacy client (as a trading
 * program would) show up on an open event page's book, tape and on the list's rows, without a reload.
 */

const CHAIN_ID = 80002;

interface ApiMarket {
  clobTokenIds: string[];
  active: boolean;
  closed: boolean;
}
interface ApiEvent {
  slug: string;
  title: string;
  markets: ApiMarket[];
}

/** A wallet with an API key, trading through the reference's legacy client (its paper grant funds it). */
async function trader(baseURL: string): Promise<ClobClient> {
  const wallet = createWalletClient({
    account: privateKeyToAccount(generatePrivateKey()),
    transport: custom({ request: () => Promise.reject(new Error('no RPC here')) }),
  });
  const creds = await new ClobClient(`${baseURL}/clob`, CHAIN_ID, wallet).createOrDeriveApiKey();
  return new ClobClient(`${baseURL}/clob`, CHAIN_ID, wallet, creds);
}

/** The open single-market events of the top list, in its order. */
async function topBinaryEvents(page: Page): Promise<ApiEvent[]> {
  const res = await page.request.get(
    '/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=20',
  );
  const events = (await res.json()) as ApiEvent[];
  return events.filter((e) => e.markets.length === 1 && e.markets[0]!.clobTokenIds.length === 2);
}

test('an event page shows the live book and tape as orders and trades happen', async ({ page, baseURL }) => {
  const [, event] = await topBinaryEvents(page);
  const [yes] = event!.markets[0]!.clobTokenIds;
  await page.goto(`/e/${event!.slug}`);
  const book = page.getByRole('table', { name: /^Order book for Yes/ });
  await expect(book).toBeVisible();
  await expect(page.getByText('No bids yet')).toBeVisible();

  const maker = await trader(baseURL!);
  await maker.createAndPostOrder({ tokenID: yes!, price: 0.42, size: 10, side: Side.BUY });
  await expect(book.getByRole('row', { name: /Bid 42¢ 10 \$4\.20/ })).toBeVisible();

  // A taker buys No at 0.58: a full set is minted against the maker's bid of Yes at 0.42.
  const taker = await trader(baseURL!);
  await taker.createAndPostOrder({
    tokenID: event!.markets[0]!.clobTokenIds[1]!,
    price: 0.58,
    size: 4,
    side: Side.BUY,
  });
  await expect(book.getByRole('row', { name: /Bid 42¢ 6 \$2\.52/ })).toBeVisible();
  const tape = page.getByRole('table', { name: 'Last trades, newest first' });
  await expect(tape.getByRole('row').nth(1)).toContainText('42¢');
  await expect(tape.getByRole('row').nth(1)).toContainText('4');

  // The other outcome is the mirror of the same book: the bid of Yes at 42¢ is an ask of No at 58¢.
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(
    page.getByRole('table', { name: /^Order book for No/ }).getByRole('row', { name: /Ask 58¢ 6/ }),
  ).toBeVisible();
});

test('a list row on screen shows the live displayed price of its market', async ({ page, baseURL }) => {
  const [event] = await topBinaryEvents(page);
  const [yes] = event!.markets[0]!.clobTokenIds;
  await page.goto('/');
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: event!.title, exact: true }) });
  await expect(row).toBeVisible();
  // A bid at 0.42 and an ask at 0.46 (a bid of No at 0.54): the displayed price is the midpoint, 44%.
  const maker = await trader(baseURL!);
  await maker.createAndPostOrder({ tokenID: yes!, price: 0.42, size: 10, side: Side.BUY });
  await maker.createAndPostOrder({
    tokenID: event!.markets[0]!.clobTokenIds[1]!,
    price: 0.54,
    size: 10,
    side: Side.BUY,
  });
  await expect(row.getByText('44.0%')).toBeVisible();
});
