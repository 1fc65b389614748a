import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Waits (up to 2 s) for the page's finite CSS animations and transitions to end: a toast fading in
 * or a drawer sliding in has, halfway, colours that fail the contrast check they pass once shown.
 * Endless ones (a spinner) are not waited for.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/**
 * Runs axe on the page as it is now (`what` names the screen or dialog, for the report) and fails
 * with one line per serious or critical violation: its impact, rule, help text and the selectors
 * of the elements that break it. Minor and moderate findings do not fail a journey.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string) {
  await test.step(`accessibility: ${what}`, async () => {
    await animationsSettled(page);
    const results = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
    const violations = results.violations
      .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
      .map(
        (violation) =>
          `[${violation.impact}] ${violation.id}: ${violation.help} — ${violation.nodes
            .map((node) => node.target.join(' '))
            .join(', ')}`,
      );
    expect(violations, `serious or critical accessibility violations on ${what}`).toEqual([]);
  });
}
