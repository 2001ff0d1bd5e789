import { expect, test, type Page } from '@playwright/test';
import { signInToDashboard } from './support';

/**
 * The work dashboard as a browser lays it out (issue 41, point 18): the latest mails' table whole inside its card at a
 * desktop width and on a phone, and the charts' count axes in even whole steps with one line per tick.
 */

const CHARTS = [
  'Chat reports per day',
  'Restrictions per day',
  'New members per day',
  'Open review items by age',
];

/** How the mails' table sits in its card: every cell's right edge, the card's, and whether anything scrolls. */
const mailsLayout = (page: Page) =>
  page.getByRole('region', { name: 'Latest mails' }).evaluate((card) => {
    const table = card.querySelector('table')!;
    // The body's cells: on a phone the column headers are visually hidden (each cell says its label).
    const cells = Array.from(table.querySelectorAll('tbody th, tbody td'));
    return {
      cardRight: Math.round(card.getBoundingClientRect().right),
      cellsRight: Math.round(Math.max(...cells.map((cell) => cell.getBoundingClientRect().right))),
      overflow: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });

for (const { width, name } of [
  { width: 1440, name: 'desktop' },
  { width: 390, name: 'phone' },
]) {
  test(`the latest mails fit their card and the count axes step evenly (${name}, ${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await signInToDashboard(page);
    const mails = page.getByRole('region', { name: 'Latest mails' });
    await expect(mails.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });

    const layout = await mailsLayout(page);
    expect(layout.overflow).toBe(0);
    expect(layout.pageOverflow).toBe(0);
    expect(layout.cellsRight).toBeLessThanOrEqual(layout.cardRight);

    for (const chart of CHARTS) {
      const region = page.getByRole('region', { name: chart });
      const ticks = region.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await expect(ticks.first()).toBeVisible();
      const values = (await ticks.allTextContents()).map(Number);
      expect(values[0], chart).toBe(0);
      const step = values[1]! - values[0]!;
      expect(Number.isInteger(step) && step > 0, `${chart}: ${values.join(', ')}`).toBe(true);
      expect(values, chart).toEqual(values.map((_, index) => index * step));
      // One grid line per tick, across the chart: no vertical lines doubling its edges.
      await expect(region.locator('.recharts-cartesian-grid-vertical line')).toHaveCount(0);
      await expect(region.locator('.recharts-cartesian-grid-horizontal line')).toHaveCount(values.length);
    }
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
    await mails.screenshot({ path: testInfo.outputPath(`latest-mails-${width}.png`) });
  });
}
