import { createPost, getPost, uniqueTitle } from './support/api';
import { card, content, editorHeading, expectList, search, typeContent } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signIn } from './support/sign-in';

test.describe('blog editor safety', () => {
  test('should stop the second of two editors from overwriting the first, and keep its text', async ({
    browser,
    page,
    checkA11y,
  }) => {
    // Two browsers, each signing in and loading the editor.
    test.slow();
    await signIn(page);
    await expectList(page);
    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Contested') });

    // A second person (another browser context, its own session) opens the same post.
    const other = await browser.newPage();
    await signIn(other);
    await expectList(other);
    for (const tab of [page, other]) {
      await tab.goto(`/?post=${post.id}`);
      await expect(editorHeading(tab, 'Edit')).toBeVisible();
      await expect(content(tab)).toContainText('written by a journey');
    }

    await typeContent(other, ' Their change.');
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(other.getByText('Blog Post has been updated successfully')).toBeVisible();

    await typeContent(page, ' My change.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('alertdialog', { name: 'Someone else saved this post' });
    await expect(conflict).toContainText('This post was changed by someone else while you were editing.');
    await checkA11y('the conflict dialog');
    // Nothing was overwritten, and nothing typed is gone.
    expect((await getPost(page, DOMAINS.blog, post.id)).post.editorTextString).toContain('Their change.');
    await conflict.getByRole('button', { name: 'Keep editing' }).click();
    await expect(content(page)).toContainText('My change.');

    // Reloading the post shows their version and keeps mine as a draft to restore.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await conflict.getByRole('button', { name: 'Reload the post' }).click();
    await expect(content(page)).toContainText('Their change.');
    await expect(page.getByText(/You have unsaved changes from/)).toBeVisible();
    await page.getByRole('button', { name: 'Restore draft' }).click();
    await expect(content(page)).toContainText('My change.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Blog Post has been updated successfully')).toBeVisible();
    expect((await getPost(page, DOMAINS.blog, post.id)).post.editorTextString).toContain('My change.');
    await other.close();
  });

  test('should ask before leaving with unsaved changes, and offer the local draft after a reload', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page);
    await expectList(page);
    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Unsaved') });
    await search(page, post.title);
    await card(page, post.title).getByRole('button', { name: 'Edit' }).click();
    await expect(editorHeading(page, 'Edit')).toBeVisible();

    // A clean form closes without asking.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, post.title)).toBeVisible();

    await card(page, post.title).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(`${post.title} with a new title`);
    await typeContent(page, ' Words worth keeping.');

    // Cancel asks, and "Keep editing" keeps everything.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(leave).toBeVisible();
    await checkA11y('the leave dialog');
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`${post.title} with a new title`);

    // Back asks too (a cancelled Back never settles in Playwright, hence the short timeout).
    await page.goBack({ timeout: 1_000 }).catch(() => undefined);
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Keep editing' }).click();

    // So does another link, here the sidebar's.
    await page.getByRole('link', { name: 'Metadata & Assets' }).click();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await expect(editorHeading(page, 'Edit')).toBeVisible();

    // After a reload (or a crash) the editor offers what was typed.
    await page.waitForTimeout(700);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(editorHeading(page, 'Edit')).toBeVisible();
    await expect(page.getByText(/You have unsaved changes from/)).toBeVisible();
    await checkA11y('the draft offer');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(post.title);
    await page.getByRole('button', { name: 'Restore draft' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`${post.title} with a new title`);
    await expect(content(page)).toContainText('Words worth keeping.');

    // Discarding closes the editor and forgets the draft.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await leave.getByRole('button', { name: 'Discard' }).click();
    await expect(card(page, post.title)).toBeVisible();
    await card(page, post.title).getByRole('button', { name: 'Edit' }).click();
    await expect(editorHeading(page, 'Edit')).toBeVisible();
    await expect(content(page)).toContainText('written by a journey');
    await expect(page.getByText(/You have unsaved changes from/)).toHaveCount(0);
    expect((await getPost(page, DOMAINS.blog, post.id)).post.title).toBe(post.title);
  });
});
