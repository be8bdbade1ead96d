import { expect, test } from '@playwright/test';
import { axeViolations, saveScreenshot } from './support/page-checks';
import { tradeOnABinaryEvent } from './support/trading';

/**
 * Every page at phone and desktop width, light and dark: saved as artifacts to look at, each checked
 * with axe-core as drawn (contrast differs per theme, layout per width), and none wider than the viewport.
 */
const PAGES = [
  { name: 'home', url: '/', ready: 'Top markets' },
  { name: 'movers', url: '/?list=movers', ready: 'Movers' },
  { name: 'watchlist', url: '/watchlist', ready: 'Watchlist' },
  { name: 'tags', url: '/tags', ready: 'Tags' },
  { name: 'series-index', url: '/series', ready: 'Series' },
  { name: 'tag', url: '/tags/2', ready: null },
  { name: 'series', url: '/series/35', ready: 'FOMC' },
  { name: 'event-negrisk', url: '/e/fed-decision-in-september-762', ready: 'Fed Decision in September?' },
  {
    name: 'event-closed',
    url: '/e/nba-will-the-mavericks-beat-the-grizzlies-by-more-than-5pt5-points-in-their-december-4-matchup',
    ready: null,
  },
  { name: 'event-hostile', url: '/e/e2e-hostile-text', ready: null },
  // Names longer than any real one: an unbroken word in the title, outcomes of several words.
  { name: 'event-long', url: '/e/e2e-long-text', ready: null },
  { name: 'not-found', url: '/e/no-such-event', ready: 'This event does not exist' },
  { name: 'keys', url: '/keys', ready: 'API keys' },
] as { name: string; url: string; ready: string | null }[];

// An event whose book has depth on both sides and a trade on its tape (orders from the legacy client).
test.beforeAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage();
  const slug = await tradeOnABinaryEvent(page, baseURL!);
  await page.close();
  PAGES.push({ name: 'event-book', url: `/e/${slug}`, ready: null });
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`screenshots ${scheme} ${width}px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      for (const p of PAGES) {
        await page.goto(p.url);
        const h1 = page.getByRole('heading', { level: 1 });
        if (p.ready) await expect(h1).toHaveText(p.ready);
        else await expect(h1).toBeVisible();
        await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
        // Lazy images load as they come near the viewport: pass by them once before the full-page shot.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(page, `${p.name}-${width}-${scheme}`);
        // Nothing may widen the document past the viewport: a phone would pan the whole page sideways.
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `page width: ${p.name} ${width} ${scheme}`).toBeLessThanOrEqual(width);
        expect(await axeViolations(page), `axe: ${p.name} ${width} ${scheme}`).toEqual([]);
      }
    });
  }
}
