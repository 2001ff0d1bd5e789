import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** The WCAG 2.0 and 2.1 A and AA rules; label-content-name-mismatch (WCAG 2.5.3) carries wcag21a. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as it is now: `include`, only the part of the page that selector matches; `rules`,
 * only these rules (else every rule of WCAG_TAGS). axe is put into a document once and run there as often as the
 * document is checked: a wrapper that injects it again for every run and finishes each in a new page spends about
 * ten times longer per check than the rules themselves. The console has no frames, and a check refuses a page that
 * has one rather than leave it out.
 */
export async function axeViolations(
  page: Page,
  { include, rules }: { include?: string; rules?: string[] } = {},
) {
  if (page.frames().length > 1) throw new Error(`${page.url()} has frames, which this check does not enter`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_TAGS },
  };
  const results = await page.evaluate(
    ([selector, runOptions]) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
        selector ? { include: [selector] } : document,
        runOptions,
      ),
    [include ?? null, options] as const,
  );
  return results.violations;
}
