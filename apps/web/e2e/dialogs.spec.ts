import type { Locator, Page } from '@playwright/test';
import { createPost, getPost, uniqueTitle, updatePost } from './support/api';
import { card, content, editorHeading, expectList, search, toolbar, typeContent } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signIn } from './support/sign-in';

/**
 * Every modal (dialogs, the editor's insert dialogs, the small screens' drawer) is a native <dialog>
 * shown with showModal() (decision 044): the newest is in the top layer above the others, it has the
 * focus, the page behind is inert, and Escape closes only it.
 */

/** Whether the element the user sees at the centre of `dialog` is `dialog` or inside it. */
function isTopmost(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/** How many dialogs are open as modals (isTopmost says which one is on top). */
function openModalCount(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('dialog:modal').length);
}

/** Presses Tab `times` times; focus must stay in `dialog` (or leave the page for the browser's own UI). */
async function expectTabToStayIn(page: Page, dialog: Locator, times: number) {
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((element) => {
      const active = document.activeElement;
      if (active === null || active === document.body) return 'outside the page';
      return element.contains(active) ? 'inside' : `on ${active.outerHTML.slice(0, 80)}`;
    });
    expect(['inside', 'outside the page'], `focus after Tab ${i + 1}`).toContain(where);
  }
}

/** Whether focus() on the element has no effect: it is inert (behind a modal). */
function isInert(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const before = document.activeElement;
    (node as HTMLElement).focus();
    const focused = document.activeElement === node;
    if (focused && before instanceof HTMLElement) before.focus();
    return !focused;
  });
}

const pageScrollLocked = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');

async function openInEditor(page: Page, title: string) {
  await search(page, title);
  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  await expect(editorHeading(page, 'Edit')).toBeVisible();
}

test.describe('stacked dialogs', () => {
  test('should put "Discard unsaved changes?" over the insert link dialog on Back, and close only it on Escape', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page);
    await expectList(page);
    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Stacked') });
    await openInEditor(page, post.title);
    await typeContent(page, ' Words not saved yet.');

    await toolbar(page).getByRole('button', { name: 'Insert link', exact: true }).click();
    const link = page.getByRole('dialog', { name: 'Insert link' });
    await expect(link).toBeVisible();
    const address = link.getByRole('textbox', { name: 'Link address' });
    await address.fill('https://example.com/half-typed');
    expect(await pageScrollLocked(page)).toBe(true);

    // Back with unsaved changes asks (a cancelled Back never settles in Playwright: short timeout).
    await page.goBack({ timeout: 1_000 }).catch(() => undefined);
    const leave = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(leave).toBeVisible();
    expect(await openModalCount(page)).toBe(2);
    expect(await isTopmost(leave)).toBe(true);
    expect(await isTopmost(link)).toBe(false);
    await expect(leave.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    expect(await isInert(address)).toBe(true);
    await expectTabToStayIn(page, leave, 4);
    await checkA11y('the discard dialog over the insert link dialog');

    // Escape closes the discard dialog only; the link dialog is on top again, with its focus back.
    await page.keyboard.press('Escape');
    await expect(leave).toBeHidden();
    await expect(link).toBeVisible();
    expect(await isTopmost(link)).toBe(true);
    await expect(address).toBeFocused();
    await expect(address).toHaveValue('https://example.com/half-typed');
    await expect(editorHeading(page, 'Edit')).toBeVisible();

    // A press on the backdrop closes the top dialog only, too (the insert dialogs ignore it).
    await page.goBack({ timeout: 1_000 }).catch(() => undefined);
    await expect(leave).toBeVisible();
    expect(await isTopmost(leave)).toBe(true);
    await page.mouse.click(5, 5);
    await expect(leave).toBeHidden();
    await expect(link).toBeVisible();
    await expect(address).toBeFocused();

    // The next Escape closes the link dialog; the page scrolls again and keeps what was typed.
    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
    expect(await openModalCount(page)).toBe(0);
    expect(await pageScrollLocked(page)).toBe(false);
    await expect(content(page)).toContainText('Words not saved yet.');
  });

  test('should show the conflict of a Ctrl+S answered 412 over an open insert dialog, and let it be used', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page);
    await expectList(page);
    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Conflict over dialog') });
    await openInEditor(page, post.title);
    await typeContent(page, ' My change.');

    // Someone else saves first: the editor's If-Match is stale.
    const { post: saved, etag } = await getPost(page, DOMAINS.blog, post.id);
    await updatePost(page, DOMAINS.blog, post.id, { ...saved, title: `${saved.title} (theirs)` }, etag);

    await toolbar(page).getByRole('button', { name: 'Insert image', exact: true }).click();
    const image = page.getByRole('dialog', { name: 'Insert image' });
    await expect(image).toBeVisible();
    const alt = image.getByRole('textbox', { name: 'Alt text' });
    await alt.fill('Half-typed alt text');

    const put = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/cms/blogs/info/'),
    );
    await page.keyboard.press('Control+s');
    expect((await put).status()).toBe(412);
    const conflict = page.getByRole('alertdialog', { name: 'Someone else saved this post' });
    await expect(conflict).toBeVisible();
    expect(await isTopmost(conflict)).toBe(true);
    expect(await isTopmost(image)).toBe(false);
    await expect(conflict.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expectTabToStayIn(page, conflict, 3);
    await checkA11y('the conflict dialog over the insert image dialog');

    // "Keep editing" works and gives the insert dialog back, as it was.
    await conflict.getByRole('button', { name: 'Keep editing' }).click();
    await expect(conflict).toBeHidden();
    expect(await isTopmost(image)).toBe(true);
    await expect(alt).toBeFocused();
    await expect(alt).toHaveValue('Half-typed alt text');

    // So does "Reload the post", over the insert dialog again.
    await page.keyboard.press('Control+s');
    await expect(conflict).toBeVisible();
    expect(await isTopmost(conflict)).toBe(true);
    await conflict.getByRole('button', { name: 'Reload the post' }).click();
    await expect(conflict).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`${post.title} (theirs)`);
    // The reloaded post gets a new editor: the insert dialog of the old one is gone, no modal is left.
    await expect(image).toBeHidden();
    expect(await openModalCount(page)).toBe(0);
    expect(await pageScrollLocked(page)).toBe(false);
  });
});

test.describe('the drawer at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('should open as a modal over an inert page, close on Escape and give focus back to the menu button', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page);
    await expectList(page);
    const menu = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');

    await expect(drawer).toBeVisible();
    expect(await openModalCount(page)).toBe(1);
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    // Once it has slid in: halfway, the point may still be over the backdrop.
    await expect.poll(() => isTopmost(drawer.getByRole('complementary', { name: 'Sidebar' }))).toBe(true);
    expect(await isInert(page.getByRole('searchbox', { name: 'Search blog posts' }))).toBe(true);
    expect(await isInert(menu)).toBe(true);
    expect(await pageScrollLocked(page)).toBe(true);
    await expectTabToStayIn(page, drawer, 6);
    await checkA11y('the drawer as a modal at 375 px');

    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    expect(await openModalCount(page)).toBe(0);
    expect(await pageScrollLocked(page)).toBe(false);
    expect(await isInert(page.getByRole('searchbox', { name: 'Search blog posts' }))).toBe(false);
  });
});

test.describe('a toast while a dialog is open', () => {
  test('should show inside the top dialog: on top, reachable, announced, and the dialog keeps its input', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page);
    await expectList(page);
    await page.getByRole('link', { name: 'Metadata & Assets' }).click();
    const tags = page.getByRole('region', { name: 'Tags', exact: true });
    await tags.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tag' });
    const name = dialog.getByRole('textbox', { name: /tag name/i });
    await name.fill('Never saved');
    // The server fails the save (a database restarting, say): the error toast comes up.
    await page.route('**/cms/tags/info**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'Service Unavailable',
              errors: [],
              detailedMessage: 'The database is restarting.',
            }),
          })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const toast = dialog.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(toast).toContainText('The database is restarting.');
    expect(await isTopmost(toast)).toBe(true);
    expect(await isInert(toast.getByRole('button', { name: 'Close notification' }))).toBe(false);
    await checkA11y('an error toast over the add tag dialog');

    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('Never saved');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
