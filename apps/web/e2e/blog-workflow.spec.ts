import { createPost, getPost, uniqueTitle } from './support/api';
import { card, expectList, search } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signIn, signInAs } from './support/sign-in';

test.describe('blog workflow', () => {
  test('should approve and publish, lock edit and delete, then step back and delete', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page);
    await expectList(page);
    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Workflow') });
    await search(page, post.title);
    const item = card(page, post.title);
    const action = (name: string) => item.getByRole('button', { name, exact: true });
    const disabled = async (name: string, reason: string) => {
      await expect(action(name)).toHaveAttribute('aria-disabled', 'true');
      await expect(action(name)).toHaveAccessibleDescription(reason);
    };

    await disabled('Publish', 'Approve this post before publishing it');
    await action('Approve').click();
    await expect(page.getByText('The post is approved and can now be published.')).toBeVisible();
    await expect(item.getByText('Approved', { exact: true })).toBeVisible();
    await expect(action('Unapprove')).toHaveClass(/post-action__button--danger/);
    await disabled('Edit', 'Unapprove this post first');
    await disabled('Delete', 'Unapprove this post first');

    await action('Publish').click();
    await expect(item.getByText('Published', { exact: true })).toBeVisible();
    await expect(action('Unpublish')).toHaveClass(/post-action__button--warning/);
    await disabled('Edit', 'Unpublish and unapprove this post first');
    await disabled('Delete', 'Unpublish and unapprove this post first');
    await disabled('Unapprove', 'Unpublish this post before unapproving it');
    // Keyboard users reach a disabled action and its reason; clicking it does nothing.
    await action('Edit').focus();
    await expect(item.getByRole('tooltip')).toHaveText('Unpublish and unapprove this post first');
    await action('Edit').click({ force: true });
    await expect(page).not.toHaveURL(/post=/);
    await checkA11y('a published post with its disabled actions');
    expect((await getPost(page, DOMAINS.blog, post.id)).post).toMatchObject({
      approved: true,
      published: true,
    });

    await action('Unpublish').click();
    await expect(item.getByText('Approved', { exact: true })).toBeVisible();
    await action('Unapprove').click();
    await expect(item.getByText('Draft', { exact: true })).toBeVisible();

    await action('Edit').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Title' }).fill(`${post.title} revised`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Blog Post has been updated successfully')).toBeVisible();

    const revised = card(page, `${post.title} revised`);
    await revised.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await expect(confirm).toContainText(`“${post.title} revised” will be deleted.`);
    await checkA11y('the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Blog Post has been deleted successfully')).toBeVisible();
    await expect(revised).toHaveCount(0);
  });

  test('should show an author no way to approve or publish', async ({ page, author, checkA11y }) => {
    await signInAs(page, author.email, author.password);
    await expectList(page);
    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Authored') });
    await search(page, post.title);
    const item = card(page, post.title);

    await expect(item.getByRole('button')).toHaveText(['Edit', 'Delete']);
    await expect(page.getByRole('button', { name: /^(Approve|Publish|Unapprove|Unpublish)$/ })).toHaveCount(
      0,
    );
    await checkA11y("an author's list");

    await item.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'Author' })).toHaveValue('Ann Author');
  });
});
