import { expect, type Page, test } from '@playwright/test';
import { axeViolations, themedScreenshots } from './support/page-checks';

const rows = (page: Page) => page.getByRole('list', { name: 'Events' }).locator(':scope > li');
const rowLinks = (page: Page) => page.locator('a[data-row-link]');

test('a starred row is on the watchlist page after a reload; unstarring there empties it', async ({
  page,
}) => {
  await page.goto('/');
  const first = rows(page).first();
  const title = (await first.locator('h2').textContent())!;
  const star = first.getByRole('button', { name: `Watch: ${title}` });
  await expect(star).toBeEnabled(); // hydrated
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('live-region')).toHaveText('Added to watchlist');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Watchlist' })).toBeVisible();
  await expect(rows(page).locator('h2')).toHaveText([title]);
  await themedScreenshots(page, 'watchlist', ['main']);
  // Copying the list's link says so on the button, for a moment, not only to a screen reader.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = page.getByRole('button', { name: /^(Copy link to this list|Link copied)$/ });
  await copy.click();
  await expect(copy).toHaveText('Link copied');
  await expect(page.getByTestId('live-region')).toHaveText('Link to your watchlist copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/watchlist\?add=/);
  await expect(copy).toHaveText('Copy link to this list', { timeout: 5_000 });

  await rows(page)
    .first()
    .getByRole('button', { name: `Watch: ${title}` })
    .click();
  await expect(page.getByText('Your watchlist is empty.')).toBeVisible();
  await themedScreenshots(page, 'watchlist-empty', ['main']);
});

test('the event page stars its event; a shared link adds its events only when asked', async ({
  browser,
  page,
}) => {
  await page.goto('/');
  const titles = (await rows(page).locator('h2').allTextContents()).slice(0, 2);
  const slugs = (
    await rowLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
  ).slice(0, 2);
  await page.goto(slugs[0]!);
  const watch = page.getByRole('button', { name: `Watch: ${titles[0]}` });
  await expect(watch).toBeEnabled();
  await expect(watch).toHaveText('Watch');
  await watch.click();
  // A toggle keeps its label when pressed: its state is aria-pressed and the filled star.
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await expect(watch).toHaveText('Watch');
  expect(await axeViolations(page, ['[data-page-star]'])).toEqual([]);

  // A link to two events, opened in a browser with an empty watchlist of its own.
  const other = await browser.newContext();
  const theirs = await other.newPage();
  const add = slugs.map((href) => href.replace('/e/', '')).join(',');
  await theirs.goto(`/watchlist?add=${add}`);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Shared watchlist' })).toBeVisible();
  await expect(rows(theirs).locator('h2')).toHaveText(titles);
  await themedScreenshots(theirs, 'watchlist-shared', ['main']);
  await theirs.getByRole('button', { name: 'Add all to my watchlist' }).click();
  await expect(theirs).toHaveURL(/\/watchlist$/);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Watchlist' })).toBeVisible();
  await expect(rows(theirs).locator('h2')).toHaveText(titles);
  await other.close();
});

test('keyboard: j/k move through rows, s stars, Enter opens, ? shows the shortcuts; never while typing', async ({
  page,
}) => {
  await page.goto('/');
  await expect(rows(page).first().getByRole('button').first()).toBeEnabled(); // hydrated
  // The shortcuts arrive in a chunk loaded after hydration: until then `j` does nothing, so press until
  // the first press that is handled focuses the first row.
  await expect(async () => {
    await page.keyboard.press('j');
    await expect(rowLinks(page).nth(0)).toBeFocused({ timeout: 250 });
  }).toPass();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rowLinks(page).nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rowLinks(page).nth(1)).toBeFocused();

  await page.keyboard.press('s');
  await expect(rows(page).nth(1).locator('[data-star]')).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await themedScreenshots(page, 'shortcuts', ['dialog']);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Typing in the search box is typing.
  const search = page.getByRole('searchbox').first();
  await search.fill('');
  await search.press('j');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('j');
  await search.fill('');

  await rowLinks(page).nth(1).focus();
  const href = (await rowLinks(page).nth(1).getAttribute('href'))!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // On the event page, s stars the event itself.
  const watch = page.locator('[data-page-star]');
  await expect(watch).toBeEnabled();
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('s');
  await expect(watch).toHaveAttribute('aria-pressed', 'false');

  // `t` goes past the header, the chart and the book to the ticket's first control (once it has loaded).
  const ticket = page.getByRole('region', { name: /^Trade/ });
  await expect(async () => {
    await page.keyboard.press('t');
    await expect(ticket.getByRole('button', { name: 'Buy', exact: true })).toBeFocused({ timeout: 250 });
  }).toPass();
});
