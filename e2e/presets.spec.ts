import { expect, type Page, test } from '@playwright/test';
import { themedScreenshots } from './support/page-checks';

interface ApiEvent {
  title: string;
  volume24hr: number;
  liquidity: number;
  startDate: string;
  endDate: string;
  active: boolean;
  closed: boolean;
}

const rowTitles = (page: Page) => page.getByRole('list', { name: 'Events' }).locator(':scope > li h2');
const DAY = 86_400_000;

/** Each list's query, written out here (not taken from the dashboard's code), and what its order means. */
function lists(
  now: number,
): { label: string; list: string; query: string; check: (e: ApiEvent[]) => void }[] {
  const minute = new Date(Math.floor(now / 60_000) * 60_000);
  const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
  const open = 'active=true&closed=false';
  const descending = (values: number[]) => {
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThanOrEqual(values[i - 1]!);
  };
  return [
    {
      label: 'Trending',
      list: 'trending',
      query: `${open}&order=volume24hr&ascending=false`,
      check: (events) => descending(events.map((e) => e.volume24hr)),
    },
    {
      label: 'New',
      list: 'new',
      query: `${open}&start_date_max=${at(+minute)}&order=startDate&ascending=false`,
      check: (events) => {
        descending(events.map((e) => Date.parse(e.startDate)));
        for (const e of events) expect(Date.parse(e.startDate)).toBeLessThanOrEqual(+minute);
      },
    },
    {
      label: 'Ending soon',
      list: 'ending',
      query: `${open}&end_date_min=${at(+minute)}&end_date_max=${at(+minute + 7 * DAY)}&order=endDate&ascending=true`,
      check: (events) => {
        descending(events.map((e) => -Date.parse(e.endDate)));
        for (const e of events) {
          expect(Date.parse(e.endDate)).toBeGreaterThanOrEqual(+minute);
          expect(Date.parse(e.endDate)).toBeLessThanOrEqual(+minute + 7 * DAY);
        }
      },
    },
    { label: 'Movers', list: 'movers', query: `${open}&order=move24hr&ascending=false`, check: () => {} },
    {
      label: 'Liquid',
      list: 'liquid',
      query: `${open}&order=liquidity&ascending=false`,
      check: (events) => descending(events.map((e) => e.liquidity)),
    },
    {
      label: 'Closed recently',
      list: 'closed',
      query: `closed=true&end_date_max=${at(+minute)}&order=endDate&ascending=false`,
      check: (events) => {
        descending(events.map((e) => Date.parse(e.endDate)));
        for (const e of events) expect(e.closed).toBe(true);
      },
    },
  ];
}

async function api(page: Page, query: string): Promise<ApiEvent[]> {
  const res = await page.request.get(`/gamma/events?${query}&limit=20&offset=0`);
  expect(res.ok(), query).toBe(true);
  return (await res.json()) as ApiEvent[];
}

test('each list has its own URL and shows the API’s own order for its query', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Lists' });
  await expect(nav.getByRole('link', { name: 'Top' })).toHaveAttribute('aria-current', 'page');
  for (const { label, list } of lists(Date.now())) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]list=${list}(&|$)`));
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    // The tab says which list it is, as the heading does.
    await expect(page).toHaveTitle(`${label} · Marketdesk`);
    // The hand-made list's sort and status do not apply to a catalog list.
    await expect(page.getByLabel('Sort', { exact: true })).toHaveCount(0);
    await expect(async () => {
      const { query, check } = lists(Date.now()).find((l) => l.list === list)!;
      const events = await api(page, query);
      check(events);
      await expect(rowTitles(page)).toHaveText(
        events.map((e) => e.title),
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 20_000 });
  }
  await themedScreenshots(page, 'list-closed-recently', ['main']);

  // A shared link opens the list, server-rendered; Top brings back the hand-made list.
  await page.goto('/?list=ending');
  await expect(page.getByRole('heading', { level: 1, name: 'Ending soon' })).toBeVisible();
  await themedScreenshots(page, 'list-ending-soon', ['main']);
  await nav.getByRole('link', { name: 'Top' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Sort', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Top markets · Marketdesk');
});

test('within a tag, a list keeps the tag', async ({ page }) => {
  const tags = (await (await page.request.get('/gamma/tags')).json()) as { id: string; label: string }[];
  const tag = tags.find((t) => t.label === 'Crypto') ?? tags[0]!;
  await page.goto(`/tags/${tag.id}`);
  await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Liquid' }).click();
  await expect(page).toHaveURL(new RegExp(`/tags/${tag.id}\\?list=liquid$`));
  const events = await api(page, `active=true&closed=false&tag_id=${tag.id}&order=liquidity&ascending=false`);
  await expect(rowTitles(page)).toHaveText(events.map((e) => e.title));
});
