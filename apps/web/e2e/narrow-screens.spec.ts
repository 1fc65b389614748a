import type { Page } from '@playwright/test';
import { createPost, getPost, managePost, updatePost, uniqueTitle } from './support/api';
import { card, content, editorHeading, expectList, search, toolbar } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { expectFitsViewport } from './support/layout';
import { assetsSection, uploadAsset } from './support/assets-page';
import { makePng } from './support/files';
import { signIn } from './support/sign-in';
import { createCategory, createTag } from './support/taxonomy-api';
import { COLUMN_WIDTH, LONG_WORD, TABLE_COLUMNS, widePost } from './support/wide-post';

/**
 * Issue 19, "The editor is wider than the screen": at a phone's and a tablet's width, no screen or
 * dialog may be wider than the viewport, whatever the content holds. Wide content (a table) scrolls
 * inside the editor's own box and long unbroken words wrap. Every screen and dialog is also checked
 * with axe.
 */
const SCREENS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

/** Opens the sidebar drawer (below 1024 px the sidebar is a drawer), checks it, and closes it. */
async function checkDrawer(page: Page, where: string, check: (what: string) => Promise<void>) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await check(`the drawer open over ${where}`);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.width} px ${screen.name}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('should fit the post list, its drawer and its delete dialog', async ({ page, checkA11y }) => {
      const check = async (what: string) => {
        await expectFitsViewport(page, what);
        await checkA11y(`${what} at ${screen.width} px`);
      };
      await signIn(page);
      await expectList(page);
      const tag = await createTag(page, DOMAINS.blog, `${LONG_WORD}${screen.width}`);
      const post = await createPost(page, DOMAINS.blog, {
        ...widePost(uniqueTitle('Wide list')),
        tags: [tag.id],
      });
      await search(page, post.title.split(' ')[2]!);
      const wideCard = card(page, post.title);
      await expect(wideCard).toBeVisible();
      await check('the list with a card holding an unbroken word and URL');

      await checkDrawer(page, 'the list', check);

      await wideCard.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
      await expect(confirm).toBeVisible();
      await check('the delete dialog for a post with an unbroken title');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
    });

    test('should fit the editor with a wide table, a long code line and a long URL, and each of its dialogs', async ({
      page,
      checkA11y,
    }) => {
      // Eleven screens and dialogs, each measured and checked with axe.
      test.slow();
      const check = async (what: string) => {
        await expectFitsViewport(page, what);
        await checkA11y(`${what} at ${screen.width} px`);
      };
      await signIn(page);
      await expectList(page);
      await page.getByRole('button', { name: 'New Blog Post' }).click();
      await expect(toolbar(page)).toBeVisible();
      await check('the new post editor');

      const tag = await createTag(page, DOMAINS.blog, `${LONG_WORD}Editor${screen.width}`);
      const suggested = await createTag(page, DOMAINS.blog, `${LONG_WORD}Suggested${screen.width}`);
      const post = await createPost(page, DOMAINS.blog, {
        ...widePost(uniqueTitle('Wide editor')),
        tags: [tag.id],
      });
      await page.goto(`/?post=${post.id}`);
      await expect(editorHeading(page, 'Edit')).toBeVisible();
      const table = content(page).locator('table');
      const code = content(page).locator('code.editor-code');
      await expect(table).toBeVisible();
      // The content really is wider than the screen, or this journey would prove nothing: the table
      // keeps its column widths and the code block its long line (lines of code do not wrap).
      const width = (element: Element) => element.getBoundingClientRect().width;
      const tableWidth = await table.evaluate(width);
      expect(tableWidth).toBeGreaterThanOrEqual(TABLE_COLUMNS * COLUMN_WIDTH);
      expect(await code.evaluate(width)).toBeGreaterThan(screen.width);
      await check('the editor with the wide post');

      // The toolbar wraps inside the editor's frame.
      const toolbarOverflow = await toolbar(page).evaluate((bar) => {
        const frame = bar.parentElement!.getBoundingClientRect();
        return Array.from(bar.querySelectorAll('button, select'))
          .map((control) => control.getBoundingClientRect())
          .filter((rect) => rect.left < frame.left || rect.right > frame.right).length;
      });
      expect(toolbarOverflow, 'toolbar controls outside the editor').toBe(0);

      // Wide content scrolls inside the editor's text area, which keeps its place in the page.
      const scrolled = await content(page).evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
        return { scrollLeft: element.scrollLeft, canScroll: element.scrollWidth > element.clientWidth };
      });
      expect(scrolled.canScroll).toBe(true);
      expect(scrolled.scrollLeft).toBeGreaterThan(0);
      await expectFitsViewport(page, 'the editor with its content scrolled to the end');

      await checkDrawer(page, 'the editor', check);

      // The tag picker's suggestions, with an unbroken tag name.
      await page.getByRole('combobox', { name: 'Tags' }).fill(suggested.tagDisplayName);
      await expect(
        page.getByRole('listbox', { name: 'Tags' }).getByRole('option', { name: suggested.tagDisplayName }),
      ).toBeVisible();
      await check('the tag suggestions');
      await page.keyboard.press('Escape');

      const bar = toolbar(page);
      await content(page).getByText('A release note').click();
      for (const name of ['Insert link', 'Insert image', 'Insert table']) {
        await bar.getByRole('button', { name, exact: true }).click();
        const dialog = page.getByRole('dialog', { name });
        await expect(dialog).toBeVisible();
        await check(`the ${name.toLowerCase()} dialog`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      }

      // Unsaved changes: Cancel asks first.
      await page.getByRole('textbox', { name: 'Title' }).fill(`${post.title} changed`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      const leave = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
      await expect(leave).toBeVisible();
      await check('the leave dialog');
      await leave.getByRole('button', { name: 'Keep editing' }).click();

      // Someone else saves first: Save meets the conflict dialog.
      const { post: saved, etag } = await getPost(page, DOMAINS.blog, post.id);
      await updatePost(
        page,
        DOMAINS.blog,
        post.id,
        { ...widePost(saved.title), title: saved.title, writtenBy: saved.writtenBy, fields: saved.fields },
        etag,
      );
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const conflict = page.getByRole('alertdialog', { name: 'Someone else saved this post' });
      await expect(conflict).toBeVisible();
      await check('the conflict dialog');
      await conflict.getByRole('button', { name: 'Keep editing' }).click();
      await expect(conflict).toBeHidden();

      // The preview controls (issue 30): each an icon on a phone, the share dialog, and the live
      // preview as a full-screen view below the wide breakpoint.
      await expectFitsViewport(page, 'the editor bar with its preview controls');
      await page.getByRole('button', { name: 'Share preview...' }).click();
      const share = page.getByRole('dialog', { name: 'Share preview' });
      await expect(share.getByRole('heading', { name: 'Live share links' })).toBeVisible();
      await expect(share.getByText('Loading the share links...')).toBeHidden();
      await check('the share preview dialog');
      await share.getByRole('button', { name: 'Done' }).click();
      await expect(share).toBeHidden();

      const liveButton = page.getByRole('button', { name: 'Live preview' });
      await liveButton.click();
      const live = page.getByRole('dialog', { name: 'Live preview' });
      await expect(live).toBeVisible();
      await expect(live.getByText('Preparing the preview...')).toBeHidden();
      await check('the live preview');
      await page.keyboard.press('Escape');
      await expect(live).toBeHidden();
      await expect(liveButton).toBeFocused();
    });

    test('should fit the read-only editor of an approved wide post, whose text area Tab reaches', async ({
      page,
      checkA11y,
    }) => {
      await signIn(page);
      await expectList(page);
      const post = await createPost(page, DOMAINS.blog, widePost(uniqueTitle('Wide approved')));
      await managePost(page, DOMAINS.blog, post.id, 'APPROVAL', true);
      await page.goto(`/?post=${post.id}`);
      await expect(
        page.getByText('This post is approved. Unapprove this post before editing it.'),
      ).toBeVisible();
      await expect(content(page).locator('table')).toBeVisible();
      await expect(content(page)).toHaveAttribute('aria-readonly', 'true');
      await expectFitsViewport(page, 'the read-only editor with the wide post');
      // The table scrolls the text area, so a keyboard user must be able to reach it to scroll it.
      await checkA11y(`the read-only editor with the wide post at ${screen.width} px`);
      // Save and the fields before the content are disabled: Tab goes from Cancel to the content.
      await page.getByRole('button', { name: 'Cancel' }).focus();
      await page.keyboard.press('Tab');
      await expect(content(page)).toBeFocused();
    });

    test('should fit the Metadata & Assets screen and its dialogs', async ({ page, checkA11y }) => {
      const check = async (what: string) => {
        await expectFitsViewport(page, what);
        await checkA11y(`${what} at ${screen.width} px`);
      };
      await signIn(page);
      await expectList(page);
      // Unbroken names in both tables; the newest comes first only when searched for, so search.
      const word = `${LONG_WORD}Meta${screen.width}`;
      await createTag(page, DOMAINS.blog, word);
      await createCategory(page, DOMAINS.blog, word);
      await page.goto('/metadata');
      await expect(page.getByRole('heading', { level: 1, name: 'Metadata & Assets' })).toBeVisible();
      for (const heading of ['Tags', 'Categories']) {
        const panel = page.getByRole('region', { name: heading, exact: true });
        await panel.getByRole('searchbox').fill(word);
        await expect(panel.getByRole('cell', { name: word, exact: true })).toBeVisible();
      }
      // An asset of its own, with an unbroken file name and description: the assets table must
      // fit too (its hidden live regions once widened the page whenever assets were listed).
      await uploadAsset(page, makePng(`${word}.png`, 64, 64), word);
      await expect(assetsSection(page).getByRole('rowheader', { name: `${word}.png` })).toBeVisible();
      await check('Metadata & Assets with unbroken tag, category and asset names');

      for (const [button, name] of [
        ['Add tag', 'Add tag'],
        ['Add category', 'Add category'],
        ['Upload an asset', 'Upload Asset'],
      ] as const) {
        await page.getByRole('button', { name: button }).click();
        const dialog = page.getByRole('dialog', { name });
        await expect(dialog).toBeVisible();
        await check(`the ${name.toLowerCase()} dialog`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test('should show Settings › Members without scrolling sideways', async ({ page, checkA11y }) => {
      await signIn(page);
      await expectList(page);
      await page.goto('/settings/members');
      const members = page.getByRole('table').first();
      await expect(members.getByRole('rowheader', { name: 'Demo Editor' })).toBeVisible();
      await expectFitsViewport(page, 'Settings › Members');
      // Not even inside its own box: on a phone each member is a card of labelled lines.
      const box = page.locator('.members-table__scroll').first();
      const sideways = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(sideways).toBeLessThanOrEqual(1);
      await expect(members.getByRole('combobox', { name: 'Role of demo@masthead.local' })).toBeVisible();
      await checkA11y(`Settings › Members at ${screen.width} px`);
    });
  });
}
