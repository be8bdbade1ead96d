import { expect, type Page, test } from '@playwright/test';
import { themedScreenshots } from './support/page-checks';

interface ApiEvent {
  slug: string;
  title: string;
  volume: number;
  liquidity: number;
  closed: boolean;
}

async function api(page: Page, query: string): Promise<{ events: ApiEvent[]; total: number }> {
  const res = await page.request.get(`/gamma/events?${query}`);
  expect(res.ok()).toBe(true);
  return { events: (await res.json()) as ApiEvent[], total: Number(res.headers()['x-total-count']) };
}

const rowTitles = (page: Page) => page.getByRole('list', { name: 'Events' }).locator(':scope > li h2');

test('the top list is the active events in descending volume, with the range from X-Total-Count', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Top markets · Marketdesk');
  await expect(page.getByRole('heading', { level: 1, name: 'Top markets' })).toBeVisible();
  const { events, total } = await api(page, 'active=true&closed=false&order=volume&ascending=false&limit=20');
  for (let i = 1; i < events.length; i++)
    expect(events[i - 1]!.volume).toBeGreaterThanOrEqual(events[i]!.volume);
  await expect(rowTitles(page)).toHaveText(events.map((e) => e.title));
  await expect(page.getByTestId('page-range')).toHaveText(`1–20 of ${total.toLocaleString('en-US')}`);
});

test('sort, status, search and pagination live in the URL and change the results; back restores them', async ({
  page,
}) => {
  await page.goto('/');
  await expect(rowTitles(page).first()).toBeVisible();

  await page.getByLabel('Sort', { exact: true }).selectOption('liquidity');
  await expect(page).toHaveURL(/[?&]sort=liquidity/);
  const byLiquidity = await api(page, 'active=true&closed=false&order=liquidity&ascending=false&limit=20');
  await expect(rowTitles(page)).toHaveText(byLiquidity.events.map((e) => e.title));

  await page.getByLabel('Order', { exact: true }).selectOption('asc');
  await expect(page).toHaveURL(/[?&]dir=asc/);
  const ascending = await api(page, 'active=true&closed=false&order=liquidity&ascending=true&limit=20');
  await expect(rowTitles(page)).toHaveText(ascending.events.map((e) => e.title));

  await page.getByLabel('Status', { exact: true }).selectOption('closed');
  await expect(page).toHaveURL(/[?&]status=closed/);
  const closed = await api(page, 'closed=true&order=liquidity&ascending=true&limit=20');
  await expect(rowTitles(page)).toHaveText(closed.events.map((e) => e.title));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Closed markets');
  await expect(page).toHaveTitle('Closed markets · Marketdesk');

  await page.getByLabel('Status', { exact: true }).selectOption('all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All markets');
  await page.getByLabel('Sort', { exact: true }).selectOption('volume');
  await page.getByLabel('Order', { exact: true }).selectOption('desc');
  await page.getByLabel('Per page', { exact: true }).selectOption('10');
  await expect(page).toHaveURL(/[?&]size=10/);
  await page.getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  const page2 = await api(page, 'order=volume&ascending=false&limit=10&offset=10');
  await expect(rowTitles(page)).toHaveText(page2.events.map((e) => e.title));
  await expect(page.getByTestId('page-range')).toHaveText(`11–20 of ${page2.total.toLocaleString('en-US')}`);
  const listUrl = page.url();

  // Open an event from this view, then come back: the same view, the same rows.
  const firstTitle = page2.events[0]!.title;
  await rowTitles(page).first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/e/${page2.events[0]!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByLabel('Per page', { exact: true })).toHaveValue('10');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('all');
  await expect(rowTitles(page)).toHaveText(page2.events.map((e) => e.title));
  // Forward opens the event again; back once more is the same list.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(rowTitles(page)).toHaveText(page2.events.map((e) => e.title));
});

test('debounced title search filters the list and keeps its text in the URL', async ({ page }) => {
  await page.goto('/');
  await expect(rowTitles(page).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search events by title' }).fill('Fed');
  await expect(page).toHaveURL(/[?&]q=Fed/);
  const found = await api(page, 'active=true&closed=false&q=Fed&order=volume&ascending=false&limit=20');
  expect(found.events.length).toBeGreaterThan(0);
  await expect(rowTitles(page)).toHaveText(found.events.map((e) => e.title));
  for (const title of found.events.map((e) => e.title)) expect(title.toLowerCase()).toContain('fed');

  // Back from an event restores the search, text included.
  await rowTitles(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/e\//);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=Fed/);
  await expect(page.getByRole('searchbox', { name: 'Search events by title' })).toHaveValue('Fed');
  await expect(rowTitles(page)).toHaveText(found.events.map((e) => e.title));

  await page.getByRole('searchbox', { name: 'Search events by title' }).fill('zzzz-nothing-matches');
  await expect(page.getByText('No events match this view.')).toBeVisible();
});

test('"/" focuses the search field', async ({ page }) => {
  await page.goto('/');
  await expect(rowTitles(page).first()).toBeVisible();
  // The shortcut is the dashboard's: a "/" pressed before the page hydrated does nothing, so press until it does.
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search events by title' })).toBeFocused({
      timeout: 500,
    });
  }).toPass();
});

test('invalid search parameters fall back to the defaults instead of failing', async ({ page }) => {
  await page.goto('/?sort=%3Cscript%3E&dir=sideways&status=7&page=-3&size=1000');
  await expect(page.getByRole('heading', { level: 1, name: 'Top markets' })).toBeVisible();
  await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('volume');
  await expect(page.getByTestId('page-range')).toHaveText(/^1–20 of /);
});

test('tag view: from the strip on / to the tag list, scoped by the tag', async ({ page }) => {
  await page.goto('/');
  const chip = page.getByRole('navigation', { name: 'Popular tags' }).getByRole('link').first();
  await expect(chip).toBeVisible();
  const [, label, count] = (await chip.textContent())!.match(/^(.*?)\s*([\d,]+)\s*active events?$/)!;
  await chip.click();
  await expect(page).toHaveURL(/\/tags\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label!);
  // The chip's count is what the page it opens lists.
  await expect(page.getByText(new RegExp(`^${count} events?$`))).toBeVisible();
  await expect(page).toHaveTitle(`${label} · Marketdesk`);
  const tagId = new URL(page.url()).pathname.split('/').pop();
  const scoped = await api(
    page,
    `tag_id=${tagId}&active=true&closed=false&order=volume&ascending=false&limit=20`,
  );
  await expect(rowTitles(page)).toHaveText(scoped.events.map((e) => e.title));

  // The tags index lists them all.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${label}`) }).first()).toBeVisible();
});

test('series view: from the series index to one series', async ({ page }) => {
  await page.goto('/series');
  await expect(page.getByRole('heading', { level: 1, name: 'Series' })).toBeVisible();
  const fomc = page.getByRole('link', { name: 'FOMC', exact: true });
  await fomc.click();
  await expect(page).toHaveURL(/\/series\/35$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FOMC');
  const scoped = await api(
    page,
    'series_id=35&active=true&closed=false&order=volume&ascending=false&limit=20',
  );
  await expect(rowTitles(page)).toHaveText(scoped.events.map((e) => e.title));
});

test('an event opens from the list and reloads from its own URL (imported real export)', async ({ page }) => {
  await page.goto('/?q=Fed%20Decision%20in%20September');
  const link = page.getByRole('link', { name: 'Fed Decision in September?' });
  await link.hover(); // preload on intent
  await link.click();
  await expect(page).toHaveURL(/\/e\/fed-decision-in-september-762$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fed Decision in September?');
  await expect(page).toHaveTitle('Fed Decision in September? · Marketdesk');
  // Its five markets (the order book's panel, loaded after hydration, has headings of its own).
  await expect(
    page.getByRole('region', { name: 'Markets (5)' }).getByRole('heading', { level: 3 }),
  ).toHaveCount(5);

  const response = await page.reload();
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fed Decision in September?');
  await page.getByText('Market details').first().click();
  await expect(page.getByRole('button', { name: 'Copy condition id' }).first()).toBeVisible();

  // Other events of its series, below, each a link to its own page.
  const more = page.getByRole('region', { name: 'More in FOMC' });
  const others = more.getByRole('link').filter({ hasNotText: 'FOMC' });
  await expect(others.first()).toBeVisible();
  const series = await api(page, 'series_id=35&order=volume&ascending=false&limit=7');
  const expected = series.events.filter((e) => e.slug !== 'fed-decision-in-september-762').slice(0, 6);
  await expect(others).toHaveCount(expected.length);
  await others.first().click();
  await expect(page).toHaveURL(new RegExp(`/e/${expected[0]!.slug}$`));
});

test('Back from an event returns to the same row of a long list; opening a page puts focus on its content', async ({
  page,
}) => {
  await page.goto('/?size=50');
  const rows = rowTitles(page);
  await expect(rows).toHaveCount(50);
  const row = rows.nth(35);
  await row.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1500);
  const title = (await row.textContent())!;
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('main')).toBeFocused();

  await page.goBack();
  await expect(rows).toHaveCount(50);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(page.locator('main')).toBeFocused();
});

test('hover or focus on an event link fetches the event before it is opened, so it opens with its data', async ({
  page,
}) => {
  await page.goto('/');
  const links = rowTitles(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  const slugOf = async (i: number) => (await links.nth(i).getAttribute('href'))!.replace('/e/', '');

  const hovered = await slugOf(0);
  const onHover = page.waitForRequest((r) => r.url().endsWith(`/gamma/events/slug/${hovered}`));
  await links.nth(0).hover();
  await onHover;

  const focused = await slugOf(1);
  const onFocus = page.waitForRequest((r) => r.url().endsWith(`/gamma/events/slug/${focused}`));
  await links.nth(1).focus();
  await onFocus;

  // Opened: the title at once, never the loading skeleton, and no second request for it.
  let refetched = false;
  page.on('request', (r) => {
    if (r.url().endsWith(`/gamma/events/slug/${focused}`)) refetched = true;
  });
  await page.evaluate(() => {
    const seen = window as unknown as { sawSkeleton: boolean };
    seen.sawSkeleton = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="event-skeleton"]')) seen.sawSkeleton = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/e/${focused}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawSkeleton: boolean }).sawSkeleton)).toBe(false);
  expect(refetched).toBe(false);
});

test.describe('a page whose data fails', () => {
  // Not the zone the server renders dates in: the list's exact dates change once it is hydrated.
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('shows why, and "Try again" loads it once the server answers', async ({ page }) => {
    let failing = true;
    await page.route('**/gamma/events/slug/fed-decision-in-september-762', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'The catalog is briefly unavailable.',
              code: 'SERVICE_UNAVAILABLE',
            }),
          })
        : route.continue(),
    );
    // The server renders a page it is asked for with its data: the failure is the browser's own read,
    // on a move within the dashboard, once the list it starts from is hydrated.
    await page.goto('/?q=Fed%20Decision%20in%20September');
    await expect(page.locator('span[title$="GMT+5:30"]').first()).toBeAttached();
    await page.getByRole('link', { name: 'Fed Decision in September?', exact: true }).click();
    const alert = page.getByRole('alert');
    // After the two quiet retries a 5xx gets (1 s, then 2 s).
    await expect(alert).toContainText('The catalog is briefly unavailable.', { timeout: 15_000 });
    // The tab says so too, instead of keeping the list's title.
    await expect(page).toHaveTitle('Could not load · Marketdesk');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fed Decision in September?');
    await expect(page).toHaveTitle('Fed Decision in September? · Marketdesk');
  });

  test('a page whose code cannot be downloaded stays in the dashboard, and "Try again" opens it', async ({
    page,
  }) => {
    const documents: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents.push(frame.url());
    });
    await page.goto('/?q=Fed%20Decision%20in%20September');
    await expect(page.locator('span[title$="GMT+5:30"]').first()).toBeAttached();
    // The server goes away: the Tags page's code (not loaded yet) cannot come. Once, the router reloaded
    // the document here and the tab ended on the browser's own error page.
    await page.route('**/*', (route) => route.abort('connectionrefused'));
    await page.getByRole('banner').getByRole('link', { name: 'Tags' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'This page could not be downloaded: the server is not answering, or the connection is down.',
    );
    expect(page.url()).toMatch(/\/tags$/);
    await themedScreenshots(page, 'page-code-unavailable', ['main']);
    await page.unroute('**/*');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tags');
    // All of it without a new document: the same tab, its state kept.
    expect(documents.filter((url) => url.startsWith('chrome-error:'))).toEqual([]);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });
});

test('a market name of one unbroken word wraps on the event page at phone widths', async ({ page }) => {
  const word = 'Pneumonoultramicroscopicsilicovolcanoconiosis_Pneumonoultramicroscopicsilicovolcanoconiosis';
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    // That market, by the link (which of the two leads moves with the demo's histories).
    await page.goto('/e/e2e-long-text?market=990014');
    // The ticket's heading names the market: once loaded, it wraps.
    await expect(page.getByRole('heading', { level: 3, name: `Trade: ${word}` })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `page width at ${width}px`).toBeLessThanOrEqual(width);
  }
});

test('unknown slug, tag and series: the not-found page with HTTP 404', async ({ page }) => {
  for (const [url, what] of [
    ['/e/this-event-does-not-exist', 'event'],
    ['/tags/987654321', 'tag'],
    ['/series/987654321', 'series'],
    // Ids the catalog refuses outright (400) are not-found pages too, not an error with a futile retry.
    ['/tags/abc', 'tag'],
    ['/series/1e3', 'series'],
  ] as const) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`This ${what} does not exist`);
    await expect(page).toHaveTitle('Not found · Marketdesk');
  }
  // A trailing slash is the same page.
  const slashed = await page.goto('/tags/');
  expect(slashed?.status()).toBe(200);
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  const other = await page.goto('/no/such/page');
  expect(other?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page does not exist');
  await expect(page).toHaveTitle('Not found · Marketdesk');
});

test('link-preview tags are in the raw HTML of /e/:slug', async ({ request }) => {
  const res = await request.get('/e/fed-decision-in-september-762');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<title>Fed Decision in September? · Marketdesk</title>');
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
  expect(html).toMatch(
    /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/e\/fed-decision-in-september-762" \/>/,
  );
  expect(html).toContain('<meta property="og:title" content="Fed Decision in September? · Marketdesk" />');
  expect(html).toContain('<meta property="og:type" content="article" />');
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/[^"]+\/og\/e\/fed-decision-in-september-762\.png" \/>/,
  );
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
});

test('an imported event with <script> and <img onerror> in its text renders them as text; no script runs', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const response = await page.goto('/e/e2e-hostile-text');
  expect(response?.status()).toBe(200);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(
    '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">',
  );
  await expect(page.locator('#event-description')).toContainText('<img src=x onerror="window.__xss = 3">');
  await expect(
    page.locator('section[aria-labelledby="markets-heading"]').getByRole('heading', { level: 3 }),
  ).toContainText('<script>window.__xss = 7</script>');
  // The outcome's name, in its market, the chart's legend, the book's switch and the ticket.
  const outcome = page.getByTitle('<b>Yes</b>', { exact: true });
  await expect(outcome).toHaveCount(4);
  for (const shown of await outcome.all()) await expect(shown).toContainText('<b>Yes</b>');
  await expect(page.getByRole('link', { name: 'Tag: <img src=x onerror="window.__xss = 6">' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // Nothing from the catalog became markup: the only <img> elements are ours.
  expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
  expect(await page.locator('main img[src^="javascript"]').count()).toBe(0);
  expect(dialogs).toEqual([]);

  // The raw HTML's preview tags hold it escaped.
  const raw = await (await page.request.get('/e/e2e-hostile-text')).text();
  expect(raw).not.toContain('<script>window.__xss');
  expect(raw).toContain('&lt;script&gt;window.__xss = 1&lt;/script&gt;');
});

test('pages carry the security headers', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response!.headers();
  const csp = headers['content-security-policy']!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("'unsafe-inline'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The page works under that policy: no CSP violation while it loads and runs.
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.reload();
  await expect(rowTitles(page).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('with no choice made, the theme follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
});

test('the theme toggle switches and persists across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
});
