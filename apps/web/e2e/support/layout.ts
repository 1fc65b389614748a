import { expect, test, type Page } from '@playwright/test';

/** What the page measures of itself: its width, how wide it scrolls, and what sticks out. */
interface Fit {
  innerWidth: number;
  scrollWidth: number;
  /** The outermost visible elements whose right edge passes the viewport's, described. */
  outside: string[];
}

/**
 * Fails when the page is wider than the viewport: `document.documentElement.scrollWidth` above
 * `innerWidth`, or any visible element whose right edge, as far as its scrolling or clipping
 * ancestors let it show, lies beyond the viewport's right edge. Content that scrolls inside a box of
 * its own (a table in the editor) is clipped by that box and so passes; content that widens the page
 * or hangs off its edge does not.
 */
export async function expectFitsViewport(page: Page, what: string) {
  await test.step(`fits the screen: ${what}`, async () => {
    const fit = await page.evaluate(measureFit);
    const problem = `${what} at ${fit.innerWidth} px`;
    expect(fit.outside, `elements past the right edge: ${problem}`).toEqual([]);
    expect(fit.scrollWidth, `page width: ${problem}`).toBeLessThanOrEqual(fit.innerWidth);
  });
}

/** Runs in the page: no imports, no closures. */
function measureFit(): Fit {
  const viewportRight = window.innerWidth;
  // Sub-pixel layout: half a pixel is rounding, not overflow.
  const TOLERANCE = 0.5;

  const clipsOverflow = (style: CSSStyleDeclaration) =>
    style.overflowX !== 'visible' || style.contain.includes('paint');

  /** The element's right edge after every ancestor box that clips it (its scroll containers). */
  const visibleRight = (element: Element): { left: number; right: number } => {
    const rect = element.getBoundingClientRect();
    let left = rect.left;
    let right = rect.right;
    let position = getComputedStyle(element).position;
    for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
      if (ancestor === document.body || ancestor === document.documentElement) break;
      // A fixed element is placed against the viewport, beyond every ancestor's clip.
      if (position === 'fixed') break;
      const style = getComputedStyle(ancestor);
      const containsIt = position !== 'absolute' || style.position !== 'static';
      if (containsIt) {
        if (clipsOverflow(style)) {
          const box = ancestor.getBoundingClientRect();
          left = Math.max(left, box.left + ancestor.clientLeft);
          right = Math.min(right, box.left + ancestor.clientLeft + ancestor.clientWidth);
        }
        position = style.position;
      }
    }
    return { left, right };
  };

  const isShown = (element: Element) => {
    if (!element.checkVisibility({ checkVisibilityCSS: true })) return false;
    const style = getComputedStyle(element);
    // The visually-hidden pattern: there for screen readers, clipped to nothing on screen.
    if (style.clip !== 'auto' || style.clipPath !== 'none') return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };

  const describe = (element: Element, right: number) => {
    const classes = element.getAttribute('class')?.trim().split(/\s+/).slice(0, 2).join('.') ?? '';
    const label =
      element.getAttribute('aria-label') ?? element.getAttribute('role') ?? element.getAttribute('id') ?? '';
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${label ? ` ${label}` : ''}> right edge ${Math.round(right)} px: "${text}"`;
  };

  const sticksOut = new Set<Element>();
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    if (!isShown(element)) continue;
    const { left, right } = visibleRight(element);
    if (right > left && right > viewportRight + TOLERANCE) sticksOut.add(element);
  }
  const outside = Array.from(sticksOut)
    .filter((element) => !element.parentElement || !sticksOut.has(element.parentElement))
    .slice(0, 12)
    .map((element) => describe(element, visibleRight(element).right));

  return { innerWidth: viewportRight, scrollWidth: document.documentElement.scrollWidth, outside };
}
