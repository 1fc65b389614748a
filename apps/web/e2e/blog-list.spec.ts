import { createPost, managePost, uniqueTitle } from './support/api';
import { card, expectList, search } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { headerTitle, signIn } from './support/sign-in';

test.describe('blog list', () => {
  test('should find a post by search, and narrow by status and by client', async ({ page, checkA11y }) => {
    await signIn(page);
    await expectList(page);
    const word = uniqueTitle('Filterable').split(' ')[1]!;
    const draft = await createPost(page, DOMAINS.blog, {
      title: `Draft about ${word}`,
      fields: { client: 'Globex' },
    });
    const approved = await createPost(page, DOMAINS.blog, {
      title: `Approved about ${word}`,
      fields: { client: 'Initech' },
    });
    await managePost(page, DOMAINS.blog, approved.id, 'APPROVAL', true);

    await search(page, word);
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(card(page, draft.title).getByText('Draft', { exact: true })).toBeVisible();
    await expect(card(page, approved.title).getByText('Approved', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await checkA11y('the list narrowed by a search');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Approved' });
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, approved.title)).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All Status' });
    await page.getByRole('combobox', { name: 'Client' }).selectOption('Globex');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, draft.title)).toBeVisible();

    // The place in the list survives a reload: it lives in the address.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search blog posts' })).toHaveValue(word);
    await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue('Globex');
    await expect(page.getByRole('article')).toHaveCount(1);

    await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'All Clients' });
    await search(page, `${word} nosuchwordanywhere`);
    await expect(page.getByRole('heading', { name: 'No blog posts found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters.')).toBeVisible();
  });

  test('should page through more than 20 posts', async ({ page, checkA11y }) => {
    await signIn(page);
    await expectList(page);
    const word = uniqueTitle('Paged').split(' ')[1]!;
    for (let index = 1; index <= 23; index++) {
      await createPost(page, DOMAINS.news, { title: `Paged ${word} number ${index}` });
    }
    await page.getByLabel('Domain').selectOption({ label: 'news.example.org' });
    await expect(headerTitle(page)).toHaveText('Example News');
    await search(page, word);

    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText('Showing 1 to 10 of 23 results')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('article')).toHaveCount(10);
    // Last modified first: the newest post leads.
    await expect(page.getByRole('article').first()).toHaveAccessibleName(`Paged ${word} number 23`);
    await checkA11y('the list with paging');

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Showing 11 to 20 of 23 results')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect(pager.getByText('Showing 21 to 23 of 23 results')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('article').last()).toHaveAccessibleName(`Paged ${word} number 1`);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A new search starts again from the first page.
    await search(page, `${word} number`);
    await expect(pager.getByText('Showing 1 to 10 of 23 results')).toBeVisible();
  });

  test('should show the empty state on a domain with no posts, and start the first post from it', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page);
    await expectList(page);
    await page.getByLabel('Domain').selectOption({ label: DOMAINS.empty });
    await expect(headerTitle(page)).toHaveText('Empty Site');

    await expect(page.getByRole('heading', { name: 'No blog posts found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Client' })).toHaveCount(0);
    await checkA11y('the empty list');

    await page.getByRole('button', { name: 'Create Your First Post' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Blog Post' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'No blog posts found' })).toBeVisible();
  });
});
