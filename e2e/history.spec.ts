import { expect, type Page, test } from '@playwright/test';
import { axeViolations, saveScreenshot } from './support/page-checks';

/**
 * The event page's price chart in a real browser, on the demo catalog's generated histories: it
 * draws, the range changes the URL and the data, the arrow keys move the crosshair, no CSP
 * violation, no axe violation at 390 and 1280 px in light and dark.
 */

/** The busiest open demo event with several markets, and one with a single Yes/No market. */
async function demoEvents(page: Page): Promise<{ group: string; binary: string }> {
  const res = await page.request.get(
    '/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=100',
  );
  const events = (await res.json()) as { slug: string; id: string; markets: { outcomes: string }[] }[];
  const demo = events.filter((e) => Number(e.id) >= 2_000_000);
  const group = demo.find((e) => e.markets.length >= 3)!;
  const binary = demo.find((e) => e.markets.length === 1 && e.markets[0]!.outcomes === '["Yes","No"]')!;
  return { group: group.slug, binary: binary.slug };
}

const chart = (page: Page) => page.getByRole('slider', { name: /Chart of/ });

test('the chart draws, follows the range in the URL, and its crosshair moves by keyboard', async ({
  page,
}) => {
  const { binary } = await demoEvents(page);
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  const history = page.waitForRequest(
    (r) => r.url().includes('/clob/prices-history?') && r.url().includes('interval=1w'),
  );
  await page.goto(`/e/${binary}`);
  await history;
  await expect(chart(page)).toBeVisible();
  // The plot is drawn at its box's size, the outcome's line through the week's points.
  const plot = page.locator('[data-testid="price-chart"] svg');
  await expect(plot).toHaveCount(1);
  expect((await plot.boundingBox())!.height).toBeGreaterThan(150);
  expect((await plot.boundingBox())!.width).toBeGreaterThan(300);
  const line = plot.locator('path');
  await expect(line).toHaveCount(1);
  expect((await line.getAttribute('d'))!.split('L').length).toBeGreaterThan(10);
  await expect(
    page.getByText(/^Yes \d+\.\d%, (up|down) \d+\.\d points? this week$|^Yes \d+\.\d%, unchanged this week$/),
  ).toHaveCount(1);

  // The range is a link: the URL and the request follow it.
  const month = page.waitForRequest(
    (r) => r.url().includes('/clob/prices-history?') && r.url().includes('interval=1m'),
  );
  await page.getByRole('link', { name: '1M (one month)' }).click();
  await month;
  await expect(page).toHaveURL(/\?range=1m$/);
  await expect(page.getByRole('link', { name: '1M (one month)' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/this month$/)).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('link', { name: '1M (one month)' })).toHaveAttribute('aria-current', 'page');

  // Keyboard: Tab reaches the chart; arrows move the crosshair and its readout.
  const slider = chart(page);
  await slider.focus();
  const last = Number(await slider.getAttribute('aria-valuemax'));
  expect(last).toBeGreaterThan(10);
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', String(last - 1));
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', String(last - 11));
  const text = await slider.getAttribute('aria-valuetext');
  expect(text).toMatch(/^\w{3} \d{1,2}, \d{4}, .+: Yes \d+\.\d%$/);
  await expect(page.getByText(text!).first()).toBeVisible();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  // The crosshair is drawn where the keys put it: at the first point, the plot's left edge.
  const crosshair = plot.locator('line[stroke-dasharray]');
  await expect(crosshair).toHaveCount(1);
  const first = (await plot.locator('path').getAttribute('d'))!.slice(1).split(' ')[0];
  expect(await crosshair.getAttribute('x1')).toBe(String(Number(first)));
  // The pointer moves it too.
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(slider).not.toHaveAttribute('aria-valuenow', '0');
  expect(cspViolations).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`the chart at ${width}px, ${scheme}: screenshots, no axe violation, no layout shift`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      const { group, binary } = await demoEvents(page);
      for (const slug of [group, binary]) {
        await page.addInitScript(() => {
          (window as unknown as { __cls: number }).__cls = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(`/e/${slug}`);
        await expect(page.locator('[data-testid="price-chart"] svg path').first()).toBeVisible();
        await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await saveScreenshot(page, `chart-${slug === group ? 'group' : 'binary'}-${width}-${scheme}`);
        const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        expect(cls, `layout shift on /e/${slug}`).toBeLessThan(0.01);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(width);
        expect(await axeViolations(page), `axe: /e/${slug} ${width} ${scheme}`).toEqual([]);
      }
    });
  }
}
