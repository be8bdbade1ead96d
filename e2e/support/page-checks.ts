import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Locator, type Page, expect, test } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations within `include` (CSS selectors), one line each: rule and the nodes. */
export async function axeViolations(page: Page, include: string[] = ['body']): Promise<string[]> {
  // Evaluated over the DevTools protocol, which the page's CSP does not restrict.
  await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const { violations } = await axe.run({ include: context });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, include);
}

/**
 * A full-page screenshot in the test's output folder (test-results/e2e/…, emptied at each run),
 * attached to the test so reports show it.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/**
 * Screenshots of the page as it is, at phone and desktop width, light and dark (the theme class the
 * dashboard's own toggle sets), each checked with axe within `include`; ends light, at the viewport it
 * found.
 */
export async function themedScreenshots(page: Page, name: string, include: string[]): Promise<void> {
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => {
        document.documentElement.classList.toggle('dark', dark);
        document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
      }, theme === 'dark');
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `${name}-${width}-${theme}`);
      expect(await axeViolations(page, include), `axe: ${name} ${width} ${theme}`).toEqual([]);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `page width: ${name} ${width} ${theme}`).toBeLessThanOrEqual(width);
    }
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.style.colorScheme = 'light';
  });
  await page.setViewportSize(original ?? { width: 1280, height: 900 });
}

/** Presses Tab (at most `max` times) until `target` has the focus: proof it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with Tab in ${max} presses: ${target}`);
}
