import type { Page } from '@playwright/test';
import { accessToken, createPost, uniqueTitle } from './support/api';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { headerTitle, signIn, signInAs } from './support/sign-in';
import { createCategory, createTag } from './support/taxonomy-api';
import { LONG_WORD } from './support/wide-post';

/** What differs between the tag list and the category list; the journeys are the same. */
const KINDS = [
  {
    path: 'tags',
    one: 'tag',
    heading: 'Tags',
    create: createTag,
    usedBy: (name: string) => `“${name}” is used by 1 post. Deleting it removes it from that post.`,
    created: 'Tag has been created successfully',
    updated: 'Tag has been updated successfully',
    deleted: 'Tag has been deleted successfully (you can create new tags)',
    postWith: (id: string) => ({ tags: [id] }),
  },
  {
    path: 'categories',
    one: 'category',
    heading: 'Categories',
    create: createCategory,
    usedBy: (name: string) =>
      `1 post is filed under “${name}”. Deleting it leaves that post with no category.`,
    created: 'Category created successfully',
    updated: 'Category updated successfully',
    deleted: 'Category deleted successfully',
    postWith: (id: string) => ({ category: id }),
  },
] as const;

/** Opens "Metadata & Assets" from the sidebar, on blog.example.com (the demo's first domain). */
async function openMetadata(page: Page) {
  await expect(headerTitle(page)).toHaveText('Example Engineering');
  await page.getByRole('link', { name: 'Metadata & Assets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Metadata & Assets' })).toBeVisible();
}

const panel = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true });

/** Types into the panel's search box and waits for the search to reach the server. */
async function searchPanel(page: Page, path: string, heading: string, text: string) {
  const done = page.waitForResponse(
    (response) =>
      response.url().includes(`/cms/${path}/all`) &&
      new URL(response.url()).searchParams.get('search') === text,
  );
  await panel(page, heading).getByRole('searchbox').fill(text);
  await done;
}

const toast = (page: Page) => page.locator('.toast');

for (const kind of KINDS) {
  test.describe(`${kind.one} list`, () => {
    test(`should create, rename, refuse a duplicate, search and delete a ${kind.one}`, async ({
      page,
      checkA11y,
    }) => {
      test.slow();
      await signIn(page);
      await openMetadata(page);
      const list = panel(page, kind.heading);
      const word = uniqueTitle('x').split(' ')[1]!;
      const name = `Journey ${word}`;
      await checkA11y('the Metadata & Assets page');

      // Create: the slug follows the name on every keystroke; Save waits for a name.
      await list.getByRole('button', { name: `Add ${kind.one}` }).click();
      const dialog = page.getByRole('dialog', { name: `Add ${kind.one}` });
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      await dialog
        .getByRole('textbox', { name: new RegExp(`${kind.one} name`, 'i') })
        .pressSequentially(name);
      await expect(dialog.getByLabel('Slug')).toHaveValue(`journey-${word}`);
      await expect(dialog.getByLabel('Slug')).toBeDisabled();
      await checkA11y(`the add ${kind.one} dialog`);
      await save.click();
      await expect(dialog).toBeHidden();
      await expect(toast(page)).toContainText('Successfully Created');
      await expect(toast(page)).toContainText(kind.created);

      await searchPanel(page, kind.path, kind.heading, word);
      await expect(list.getByRole('row')).toHaveCount(2); // the header and the new one
      await expect(list.getByRole('cell', { name, exact: true })).toBeVisible();
      // 'MMM dd, yyyy kk:mm', e.g. "Nov 23, 2026 14:05"
      await expect(list.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(
        /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/,
      );

      // Rename it.
      await list.getByRole('button', { name: `Edit ${kind.one} ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${kind.one}` });
      const field = edit.getByRole('textbox', { name: new RegExp(`${kind.one} name`, 'i') });
      await expect(field).toHaveValue(name);
      await field.fill(`${name} Renamed`);
      await expect(edit.getByLabel('Slug')).toHaveValue(`journey-${word}-renamed`);
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect(toast(page)).toContainText('Successfully Updated');
      await expect(toast(page)).toContainText(kind.updated);
      await expect(list.getByRole('cell', { name: `${name} Renamed`, exact: true })).toBeVisible();

      // A duplicate: the server's 409 message shows in the dialog, which keeps what was typed.
      await list.getByRole('button', { name: `Add ${kind.one}` }).click();
      const again = page.getByRole('dialog', { name: `Add ${kind.one}` });
      await again
        .getByRole('textbox', { name: new RegExp(`${kind.one} name`, 'i') })
        .fill(`journey ${word} RENAMED`);
      await again.getByRole('button', { name: 'Save' }).click();
      // (The error toast, inside the top dialog, says it too: spec §8.)
      await expect(again.locator('.taxonomy-form__error')).toContainText(
        `A ${kind.one} with the slug "journey-${word}-renamed" already exists in this domain`,
      );
      await expect(again.getByRole('textbox', { name: new RegExp(`${kind.one} name`, 'i') })).toHaveValue(
        `journey ${word} RENAMED`,
      );
      await checkA11y(`the ${kind.one} dialog with the duplicate error`);
      await page.keyboard.press('Escape');
      await expect(again).toBeHidden();

      // Search narrows to nothing: the empty state.
      await searchPanel(page, kind.path, kind.heading, `${word}-nothing`);
      await expect(list.getByText(`No ${kind.heading === 'Tags' ? 'Tag' : 'Category'} Found`)).toBeVisible();

      // Delete: it asks first and says how many posts use it. (A new text: "word" is cached.)
      await searchPanel(page, kind.path, kind.heading, `journey ${word}`);
      const [entity] = (
        (await (
          await page.request.get(`/cms/${kind.path}/all`, {
            params: { domain: DOMAINS.blog, search: word },
            headers: { authorization: `Bearer ${await accessToken(page)}` },
          })
        ).json()) as { entries: { id: string }[] }
      ).entries;
      await createPost(page, DOMAINS.blog, { title: uniqueTitle('Uses it'), ...kind.postWith(entity!.id) });
      await list.getByRole('button', { name: `Delete ${kind.one} ${name} Renamed` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Delete this ${kind.one}?` });
      await expect(confirm).toContainText(kind.usedBy(`${name} Renamed`));
      await checkA11y(`the delete ${kind.one} confirmation`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm).toBeHidden();
      await expect(toast(page)).toContainText('Successfully Deleted');
      await expect(toast(page)).toContainText(kind.deleted);
      await expect(list.getByRole('cell', { name: `${name} Renamed`, exact: true })).toBeHidden();
    });
  });
}

test('should page through 25 tags, ten at a time, by display name', async ({ page, checkA11y }) => {
  test.slow();
  await signIn(page);
  await openMetadata(page);
  const word = uniqueTitle('x').split(' ')[1]!;
  for (let index = 1; index <= 25; index++) {
    await createTag(page, DOMAINS.blog, `Paged ${word} ${String(index).padStart(2, '0')}`);
  }
  const list = panel(page, 'Tags');
  await searchPanel(page, 'tags', 'Tags', word);
  const pager = list.getByRole('navigation', { name: 'Tag pages' });
  await expect(pager.getByText('Showing 1 to 10 of 25 results')).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(list.getByRole('row')).toHaveCount(11);
  await expect(list.getByRole('row').nth(1)).toContainText(`Paged ${word} 01`);
  await checkA11y('the tag list with paging');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Showing 11 to 20 of 25 results')).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(list.getByRole('row').nth(1)).toContainText(`Paged ${word} 11`);

  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(pager.getByText('Showing 21 to 25 of 25 results')).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(6);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  // A new search starts at the first page; one page of results shows no pager.
  await searchPanel(page, 'tags', 'Tags', `${word} 2`);
  await expect(list.getByRole('row')).toHaveCount(7); // the header, and 20 to 25
  await expect(list.getByRole('navigation')).toHaveCount(0);
  await expect(list.getByRole('row').nth(1)).toContainText(`Paged ${word} 20`);
  await expect(list.getByRole('row').last()).toContainText(`Paged ${word} 25`);
});

test('should show an author the tags and categories without the buttons to change them', async ({
  page,
  browser,
  author,
  checkA11y,
}) => {
  // An admin (another browser context) makes a tag for the author to see, and a category whose
  // name is one word longer than the panel is wide.
  const admin = await browser.newPage();
  await signIn(admin);
  await expect(headerTitle(admin)).toHaveText('Example Engineering');
  const name = uniqueTitle('Seen by an author');
  const longName = `${LONG_WORD}${name.split(' ').at(-1)}`;
  await createTag(admin, DOMAINS.blog, name);
  await createCategory(admin, DOMAINS.blog, longName);
  await admin.close();

  await signInAs(page, author.email, author.password);
  await openMetadata(page);
  const list = panel(page, 'Tags');
  await searchPanel(page, 'tags', 'Tags', name.split(' ').at(-1)!);
  await expect(list.getByRole('cell', { name, exact: true })).toBeVisible();
  await searchPanel(page, 'categories', 'Categories', longName);
  await expect(panel(page, 'Categories').getByRole('cell', { name: longName })).toBeVisible();
  // The long name wraps inside its cell: the table never needs a scroll bar (nor keyboard scrolling).
  const tableFits = (region: Element) => {
    const wrap = region.querySelector('table')!.parentElement!;
    return wrap.scrollWidth <= wrap.clientWidth;
  };
  await expect.poll(() => panel(page, 'Categories').evaluate(tableFits)).toBe(true);
  await expect(page.getByRole('button', { name: /^Add (tag|category)$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) (tag|category) / })).toHaveCount(0);
  await checkA11y("an author's Metadata & Assets page");
});
