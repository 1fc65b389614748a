import type { Page } from '@playwright/test';
import { createPost, deletePost, getPost, uniqueTitle } from './support/api';
import { toast } from './support/assets-page';
import { card, content, editorHeading, expectList, save, search } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signIn } from './support/sign-in';

/** Opens the post from its card, replaces its title and content, and saves (back to the list). */
async function editPost(page: Page, findBy: string, title: string, text: string) {
  await search(page, findBy);
  await card(page, findBy).getByRole('button', { name: 'Edit' }).click();
  await expect(editorHeading(page, 'Edit')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await content(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await expect(content(page)).toHaveText(text);
  const { status } = await save(page, 'PUT');
  expect(status).toBe(200);
  await expectList(page);
}

// Post history (issue 23): every save is kept; the editor's History panel lists them, shows one,
// compares it with the current post word by word, and restores it as a new save.
test.describe('post history', () => {
  test('should edit a post three times, compare the first version with the current one and restore it', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page);
    await expectList(page);
    const first = uniqueTitle('History');
    const post = await createPost(page, DOMAINS.blog, {
      title: first,
      editorHtmlContent: '<p>The first draft praises red apples.</p>',
      editorTextString: 'The first draft praises red apples.',
    });
    try {
      await editPost(page, first, `${first} second`, 'The second draft praises green pears.');
      await editPost(
        page,
        `${first} second`,
        `${first} third`,
        'The third draft praises green pears and plums.',
      );
      await editPost(
        page,
        `${first} third`,
        `${first} fourth`,
        'The fourth draft praises green pears and plums.',
      );

      await search(page, `${first} fourth`);
      await card(page, `${first} fourth`).getByRole('button', { name: 'Edit' }).click();
      await expect(editorHeading(page, 'Edit')).toBeVisible();
      await page.getByRole('button', { name: 'History' }).click();
      const panel = page.getByRole('dialog', { name: 'History' });
      const versions = panel.getByRole('list', { name: 'Versions of this post' });
      await expect(versions.getByRole('listitem')).toHaveCount(4);
      const items = versions.getByRole('listitem');
      await expect(items.nth(0)).toContainText('Changed title, content');
      await expect(items.nth(0)).toContainText('Demo Editor');
      await expect(items.nth(3)).toContainText('Created');
      await checkA11y('the History panel');

      // The first version, read-only, then compared with the current post.
      await items.nth(3).getByRole('button').click();
      await expect(panel.getByRole('heading', { level: 3, name: /^Version of / })).toBeFocused();
      await expect(panel.getByText('The first draft praises red apples.')).toBeVisible();
      await checkA11y('a version in the History panel');
      await panel.getByRole('button', { name: 'Compare with current' }).click();
      await expect(panel.getByRole('button', { name: 'Compare with current' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const diff = panel.locator('.history-diff');
      await expect(diff.locator('del')).toContainText(['Removed: first', 'Removed: red apples']);
      await expect(diff.locator('ins')).toContainText(['Added: fourth', 'Added: green pears and plums']);
      await expect(panel.getByRole('row', { name: /^Title/ })).toContainText(`${first} fourth`);
      await checkA11y('the compare view');

      // Restore it: asked first, then the editor holds the first version, saved.
      await panel.getByRole('button', { name: 'Restore this version' }).click();
      const question = page.getByRole('alertdialog', { name: 'Restore this version?' });
      await expect(question).toBeVisible();
      await checkA11y('the restore question');
      await question.getByRole('button', { name: 'Restore', exact: true }).click();
      await expect(panel).toBeHidden();
      await expect(toast(page, 'Version restored')).toContainText('The post now holds the version of');
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(first);
      await expect(content(page)).toHaveText('The first draft praises red apples.');
      const saved = await getPost(page, DOMAINS.blog, post.id);
      expect(saved.post.title).toBe(first);
      expect(saved.post.editorTextString).toBe('The first draft praises red apples.');

      // The restore is itself a version, on top of the history.
      await page.getByRole('button', { name: 'History' }).click();
      await expect(versions.getByRole('listitem')).toHaveCount(5);
      await expect(versions.getByRole('listitem').first()).toContainText(
        'Restored an earlier version: title, content',
      );
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(page.getByRole('button', { name: 'History' })).toBeFocused();

      // Nothing is unsaved: Cancel goes straight back to the list, which shows the restored title.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expectList(page);
      await search(page, first);
      await expect(card(page, first)).toBeVisible();
      await expect(card(page, `${first} fourth`)).toHaveCount(0);
    } finally {
      await deletePost(page, DOMAINS.blog, post.id);
    }
  });
});
