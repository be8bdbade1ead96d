import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, test } from '@playwright/test';

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
