import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { Side } from '@polymarket/clob-client';
import { formatChange } from '../src/server/web/event-card';
import { axeViolations } from './support/page-checks';
import { emptyBookEvent, trader } from './support/trading';

/**
 * The embed card framed by a page of another origin (a server on another port): it shows, while the
 * event page itself refuses to be framed. Screenshots of the card (400 × 300 light and dark, 300 × 250)
 * and of the Open Graph image go to test-results/embed/ (kept across runs, unlike test-results/e2e/).
 */
const FED = 'fed-decision-in-september-762';
const SHOTS = join(process.cwd(), 'test-results', 'embed');

let host: Server;
let hostOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  host = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    // `/live?slug=…`: that event's card alone.
    const live = new URL(request.url ?? '/', 'http://host').searchParams.get('slug');
    if (live)
      return void response.end(
        `<!doctype html><title>Live</title><iframe src="${baseURL}/embed/e/${encodeURIComponent(live)}?theme=light" width="400" height="300" title="Live embed" style="border:0"></iframe>`,
      );
    response.end(`<!doctype html><html><head><title>Another site</title></head><body>
      <h1>Another site</h1>
      <iframe id="embed" src="${baseURL}/embed/e/${FED}?theme=light" width="400" height="300" title="Fed embed" style="border:0"></iframe>
      <iframe id="page" src="${baseURL}/e/${FED}" width="400" height="300" title="Fed page"></iframe>
    </body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
});

test('another site frames the embed card; the event page refuses to be framed', async ({ page, baseURL }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('frame-ancestors')) refusals.push(message.text());
  });
  await page.goto(hostOrigin);
  expect(new URL(hostOrigin).origin).not.toBe(new URL(baseURL!).origin);
  const embed = page.frameLocator('#embed');
  await expect(embed.getByRole('link', { name: 'Fed Decision in September?' })).toBeVisible();
  await expect(embed.getByText('No change')).toBeVisible();
  await expect(embed.getByRole('link', { name: 'Marketdesk' })).toBeVisible();
  // The card's title opens the event page in a new tab.
  await expect(embed.getByRole('link', { name: 'Fed Decision in September?' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect.poll(() => refusals.join('\n')).toContain("frame-ancestors 'none'");
  // Chromium replaces the refused frame with its error page: none of the dashboard is in it.
  await expect(
    page.frameLocator('#page').getByRole('heading', { name: 'Fed Decision in September?' }),
  ).toHaveCount(0);
  const refused = page.frames().filter((frame) => frame.url().endsWith(`/e/${FED}`));
  for (const frame of refused) expect(await frame.content()).not.toContain('Fed Decision');
  await page.screenshot({ path: join(SHOTS, 'framed-by-another-site.png') });
});

async function shoot(page: Page, url: string, width: number, height: number, name: string) {
  await page.setViewportSize({ width, height });
  await page.goto(url);
  await expect(page.locator('.card')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  expect(await axeViolations(page), `axe: ${name}`).toEqual([]);
  const size = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.scrollHeight,
  ]);
  expect(size, `no overflow: ${name}`).toEqual([width, height]);
}

test('the card at 400 × 300 light and dark, 300 × 250, and wider; the theme follows the viewer by default', async ({
  page,
  request,
}) => {
  // A demo event (the fixtures' imported events have no price history, so no chart).
  const events = (await (
    await request.get('/gamma/events?limit=20&order=volume&ascending=false')
  ).json()) as {
    slug: string;
    markets: unknown[];
  }[];
  const demo = events.find((e) => e.markets.length > 2 && !e.slug.startsWith('fed-'))?.slug ?? FED;
  await shoot(page, `/embed/e/${demo}?theme=light`, 400, 300, 'embed-demo-400x300-light');
  await expect(page.locator('svg.chart path')).toBeVisible();
  await shoot(page, `/embed/e/${demo}?theme=dark`, 400, 300, 'embed-demo-400x300-dark');
  await shoot(page, `/embed/e/${demo}`, 300, 250, 'embed-demo-300x250');
  const single = events.find((e) => e.markets.length === 1)?.slug;
  if (single) await shoot(page, `/embed/e/${single}`, 400, 300, 'embed-single-400x300');
  writeFileSync(join(SHOTS, 'og-demo.png'), await (await request.get(`/og/e/${demo}.png`)).body());
  await shoot(page, `/embed/e/${FED}?theme=light`, 400, 300, 'embed-400x300-light');
  await shoot(page, `/embed/e/${FED}?theme=dark`, 400, 300, 'embed-400x300-dark');
  await shoot(page, `/embed/e/${FED}`, 300, 250, 'embed-300x250');
  await shoot(page, `/embed/e/${FED}?chart=0`, 300, 250, 'embed-300x250-no-chart');
  await shoot(page, `/embed/e/${FED}`, 600, 300, 'embed-600x300');
  await shoot(page, '/embed/e/e2e-hostile-text', 400, 300, 'embed-hostile');
  await shoot(page, '/embed/e/no-such-event', 400, 300, 'embed-not-found');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, `/embed/e/${FED}`, 400, 300, 'embed-400x300-prefers-dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(15, 23, 42)');
  // Hostile text stayed text: nothing of it ran.
  await page.goto('/embed/e/e2e-hostile-text');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test('the framed card is live: a book moved on the exchange moves its chance, without reload', async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Past the ones other spec files trade on by index (ticket 6, portfolio 12, trading-failures 8–13).
  const event = await emptyBookEvent(page);
  const [yes, no] = event.markets[0]!.clobTokenIds as [string, string];
  await page.goto(`${hostOrigin}/live?slug=${event.slug}`);
  const frame = page.frameLocator('iframe');
  const chance = frame.locator('.chance');
  await expect(chance).toHaveAttribute('data-token', yes);
  const before = (await chance.textContent())!;
  const card = page.frames().find((f) => f.url().includes('/embed/e/'))!;
  // Marked, to see that the document is never reloaded (orders placed before the socket subscribes
  // still show: its book snapshot carries them).
  await card.evaluate(() => {
    (window as { stayed?: boolean }).stayed = true;
  });
  // A bid and an ask 4 cents apart: the displayed price is their midpoint, far from the served chance.
  const [bid, ask, expected] = before === '12%' ? [0.8, 0.84, '82%'] : [0.1, 0.14, '12%'];
  const maker = await trader(baseURL!);
  await maker.createAndPostOrder({ tokenID: yes, price: bid, size: 50, side: Side.BUY });
  await maker.createAndPostOrder({
    tokenID: no,
    price: Math.round((1 - ask) * 100) / 100,
    size: 50,
    side: Side.BUY,
  });
  await expect(chance).toHaveText(expected, { timeout: 10_000 });
  // The 24-hour change follows: the new price against the price 24 hours ago the card carries.
  const dayAgo = await chance.getAttribute('data-day-ago');
  if (dayAgo !== null) {
    const change = formatChange(Math.round((bid + ask) * 5_000 - Number(dayAgo) * 10_000) / 10_000);
    if (change) await expect(frame.locator('.change')).toHaveText(change.text);
    else await expect(frame.locator('.change')).toHaveCount(0);
  }
  expect(await card.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  expect(await chance.getAttribute('aria-live')).toBeNull();
  expect(errors).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'embed-live.png') });
});

test('the Open Graph image is a PNG the browser draws', async ({ page, request }) => {
  const res = await request.get(`/og/e/${FED}.png`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  writeFileSync(join(SHOTS, 'og-fed.png'), await res.body());
  writeFileSync(
    join(SHOTS, 'og-hostile.png'),
    await (await request.get('/og/e/e2e-hostile-text.png')).body(),
  );
  await page.goto(`/og/e/${FED}.png`);
  const size = await page.evaluate(() => {
    const image = document.querySelector('img');
    return image ? [image.naturalWidth, image.naturalHeight] : null;
  });
  expect(size).toEqual([1200, 630]);
});
