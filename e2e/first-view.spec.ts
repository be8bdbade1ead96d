import { expect, type Page, test } from '@playwright/test';

/**
 * The first view is rendered by the server (src/app/entry-server.tsx, built to dist/server/): the
 * page shows its content before any script runs, and the browser then hydrates that markup.
 */

interface ApiEvent {
  slug: string;
  title: string;
}

const TOP = '/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=20';

async function topEvents(page: Page): Promise<ApiEvent[]> {
  const res = await page.request.get(TOP);
  expect(res.ok()).toBe(true);
  return (await res.json()) as ApiEvent[];
}

/**
 * Console errors and warnings (React reports a hydration mismatch there), but not a resource that
 * failed to load: the imported real exports point their images at a CDN this closed network cannot reach.
 */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource'))
      messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
}

const rowTitles = (page: Page) => page.getByRole('list', { name: 'Events' }).locator(':scope > li h2');

test.describe('with JavaScript off, the server’s HTML alone', () => {
  test.use({ javaScriptEnabled: false });

  test('/ has the top list, its range and the popular tags', async ({ page }) => {
    const events = await topEvents(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Top markets · Marketdesk');
    await expect(page.getByRole('heading', { level: 1, name: 'Top markets' })).toBeVisible();
    await expect(rowTitles(page)).toHaveText(events.map((e) => e.title));
    await expect(page.getByTestId('page-range')).toHaveText(/^1–20 of [\d,]+$/);
    await expect(
      page.getByRole('navigation', { name: 'Popular tags' }).getByRole('link').first(),
    ).toBeVisible();
    expect(await page.getByTestId('event-list-skeleton').count()).toBe(0);
    // What needs the dashboard's code says so: its buttons are disabled, not silently dead.
    await expect(page.getByRole('button', { name: 'Dark theme' })).toBeDisabled();
  });

  test('an event page has its title, figures and markets', async ({ page }) => {
    const [event] = await topEvents(page);
    const response = await page.goto(`/e/${event!.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event!.title);
    await expect(page.getByRole('heading', { level: 2, name: /^Markets? / })).toBeVisible();
    await expect(page.getByText('Volume', { exact: true }).first()).toBeVisible();
    // Exact dates in UTC, named so, until the browser can show the viewer's own zone.
    await expect(page.locator('time[title$=" UTC"]').first()).toBeAttached();
  });

  test('a missing event is the 404 page', async ({ page }) => {
    const response = await page.goto('/e/no-such-event-anywhere');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Not found · Marketdesk');
    await expect(page.getByText('This event does not exist')).toBeVisible();
  });

  test('hostile event text is text: in the markup and in the data block', async ({ page }) => {
    const response = await page.goto('/e/e2e-hostile-text');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">',
    );
    await expect(page.locator('#event-description')).toContainText('<img src=x onerror="window.__xss = 3">');
    await expect(
      page.getByRole('link', { name: 'Tag: <img src=x onerror="window.__xss = 6">' }),
    ).toBeVisible();
    expect(await page.locator('main img[src="x"], main script').count()).toBe(0);

    const raw = await response!.text();
    // One data block, whose JSON holds the catalog's `<` as \u003c: no catalog text ends it early.
    const blocks = [
      ...raw.matchAll(/<script type="application\/json" id="first-view">([\s\S]*?)<\/script>/g),
    ];
    expect(blocks).toHaveLength(1);
    const json = blocks[0]![1]!;
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003cscript>window.__xss = 1\\u003c/script>');
    expect(JSON.stringify(JSON.parse(json))).toContain('<script>window.__xss = 1</script>');
    expect(raw).not.toContain('<script>window.__xss');
  });

  test('text from the URL is text too (a search for </script>)', async ({ page }) => {
    const q = '</script><script>window.__xss = 8</script>';
    const response = await page.goto(`/?q=${encodeURIComponent(q)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search events by title' })).toHaveValue(q);
    const raw = await response!.text();
    expect(raw).not.toContain('<script>window.__xss');
    expect(raw.match(/<\/script>/g)?.length).toBe(raw.match(/<script\b/g)?.length);
  });
});

test.describe('hydration', () => {
  // A zone other than the server's: exact dates change once hydrated, which is also the sign that it is done.
  test.use({ timezoneId: 'Asia/Kolkata' });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`keeps the server's markup, reports nothing and asks the catalog nothing again (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      const messages = collectConsole(page);
      const catalogRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/gamma/')) catalogRequests.push(r.url());
      });

      await page.goto('/', { waitUntil: 'commit' });
      // A mark on a server-rendered node: a tree React drew anew instead of hydrating would not have it.
      await page.locator('h1').evaluate((h1) => h1.setAttribute('data-server-node', ''));
      await expect(page.locator('span[title$="GMT+5:30"]').first()).toBeAttached();
      await expect(page.locator('h1[data-server-node]')).toHaveText('Top markets');
      await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
        'aria-pressed',
        String(colorScheme === 'dark'),
      );
      expect(catalogRequests).toEqual([]);
      expect(messages).toEqual([]);
      // An image that failed before hydration (the imported exports' CDN is out of reach here) becomes
      // the neutral tile once hydrated, as one failing later does: no broken-image icon.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              [...document.querySelectorAll<HTMLImageElement>('main img')].filter(
                (img) => img.complete && img.naturalWidth === 0,
              ).length,
          ),
        )
        .toBe(0);

      // And it is the live dashboard: the toolbar works.
      await page.getByLabel('Sort', { exact: true }).selectOption('liquidity');
      await expect(page).toHaveURL(/[?&]sort=liquidity/);
      expect(messages).toEqual([]);
    });
  }

  test('text typed and an option chosen before the page hydrated take effect once it has', async ({
    page,
  }) => {
    // The dashboard's code is held back until both are done: a slow phone on a slow network.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const messages = collectConsole(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'Search events by title' }).fill('Fed');
    await page.getByLabel('Sort', { exact: true }).selectOption('liquidity');
    release();

    await expect(page).toHaveURL(/[?&]q=Fed(&|$)/);
    await expect(page, `console: ${JSON.stringify(messages)}`).toHaveURL(/[?&]sort=liquidity(&|$)/);
    expect(messages).toEqual([]);
    const res = await page.request.get(
      '/gamma/events?active=true&closed=false&q=Fed&order=liquidity&ascending=false&limit=20',
    );
    const found = (await res.json()) as ApiEvent[];
    expect(found.length).toBeGreaterThan(0);
    await expect(rowTitles(page)).toHaveText(found.map((e) => e.title));
  });

  test('a list link whose search falls back to defaults opens the list, without a mismatch', async ({
    page,
  }) => {
    const messages = collectConsole(page);
    for (const search of ['?page=0', '?list=bogus', '?size=7']) {
      await page.goto(`/${search}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Top markets' })).toBeVisible();
      await expect(rowTitles(page).first()).toBeVisible();
    }
    expect(messages).toEqual([]);
  });

  test('an event page hydrates without a mismatch', async ({ page }) => {
    const [event] = await topEvents(page);
    const messages = collectConsole(page);
    await page.goto(`/e/${event!.slug}`, { waitUntil: 'commit' });
    await page.locator('h1').evaluate((h1) => h1.setAttribute('data-server-node', ''));
    await expect(page.locator('time[title$="GMT+5:30"]').first()).toBeAttached();
    await expect(page.locator('h1[data-server-node]')).toHaveText(event!.title);
    expect(messages).toEqual([]);
  });
});
