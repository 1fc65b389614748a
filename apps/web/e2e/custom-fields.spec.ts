import type { ColumnDef } from '@masthead/contract';
import type { Page } from '@playwright/test';
import { accessToken, createPost, deletePost, getPost, listPosts, uniqueTitle } from './support/api';
import { card, editorHeading, expectList, save } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { headerTitle, signIn } from './support/sign-in';

/**
 * Settings › Custom fields (issue 22), on the empty domain. Every journey puts its fields and posts
 * back to none at the end: the other journeys of the worker expect that domain empty.
 */
const DOMAIN = DOMAINS.empty;
const URL = '/cms/column/def/all';

async function fieldsCall(page: Page, method: 'GET' | 'PUT', defs?: ColumnDef[], query = {}) {
  const response = await page.request.fetch(URL, {
    method,
    params: { domain: DOMAIN, ...query },
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    ...(defs ? { data: defs } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ColumnDef[];
}
const setFields = (page: Page, defs: ColumnDef[]) =>
  fieldsCall(page, 'PUT', defs, { confirmRemoval: true, dropValues: true });

const text = (key: string, label: string): ColumnDef => ({ key, label, type: 'text', required: false });

async function signInToList(page: Page) {
  await signIn(page);
  await expectList(page);
}

async function openFieldsTab(page: Page) {
  await page.getByLabel('Domain').selectOption({ label: DOMAIN });
  await expect(headerTitle(page)).toHaveText('Empty Site');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Custom fields' }).click();
  await expect(page.getByRole('heading', { name: 'Custom fields' })).toBeVisible();
}

const rows = (page: Page) => page.locator('.field-row');
const rowLabels = (page: Page) => rows(page).getByRole('textbox', { name: 'Label' });
/** The rows' labels, top to bottom. */
const expectLabels = (page: Page, labels: string[]) =>
  expect
    .poll(() =>
      rowLabels(page).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    )
    .toEqual(labels);

test.describe('custom fields', () => {
  test.afterEach(async ({ page }) => {
    await setFields(page, []);
    // The posts a journey made there go too: other journeys of the worker expect none.
    for (const post of (await listPosts(page, DOMAIN, { numberOfEntries: 100 })).entries) {
      await deletePost(page, DOMAIN, post.id);
    }
  });

  test('should let the admin add a required select field that the post editor shows at once', async ({
    page,
    checkA11y,
  }) => {
    await signInToList(page);
    await openFieldsTab(page);
    await expect(page.getByText('No custom fields yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add a field' }).click();
    const row = rows(page).first();
    await expect(row.getByRole('textbox', { name: 'Label' })).toBeFocused();
    await page.keyboard.type('Region');
    await row.getByRole('textbox', { name: 'Key' }).fill('region');
    await row.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Select' });
    await row.getByRole('checkbox', { name: 'Required' }).check();
    await row.getByRole('textbox', { name: 'Options' }).fill('North\nSouth');
    await row.getByRole('checkbox', { name: 'Filterable in the post list' }).check();

    // The preview is the post editor's own input.
    const preview = page.getByRole('region', { name: 'Preview in the post editor' });
    await expect(preview.getByRole('combobox', { name: 'Region' })).toBeVisible();
    await expect(preview.getByRole('option')).toHaveText(['Select an option', 'North', 'South']);
    await checkA11y('the custom fields tab');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Custom fields saved.' })).toBeVisible();
    expect(await fieldsCall(page, 'GET')).toEqual([
      {
        key: 'region',
        label: 'Region',
        type: 'select',
        required: true,
        options: ['North', 'South'],
        filterable: true,
      },
    ]);
    await expect(rows(page).first().getByRole('textbox', { name: 'Key' })).toHaveAttribute('readonly', '');
    // Nothing left to save: the form equals the stored list.
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // No reload: the app's copy of the fields was refreshed by the save.
    await page.getByRole('link', { name: 'Blog Posts' }).click();
    await page.getByRole('button', { name: 'Create Your First Post' }).click();
    await expect(editorHeading(page, 'New')).toBeVisible();
    const field = page.getByRole('combobox', { name: 'Region' });
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('aria-required', 'true');
  });

  test('should let the admin add a multi-select field that posts hold several options of, and filter by one', async ({
    page,
    checkA11y,
  }) => {
    await signInToList(page);
    await openFieldsTab(page);
    await page.getByRole('button', { name: 'Add a field' }).click();
    const row = rows(page).first();
    await page.keyboard.type('Topics');
    await row.getByRole('textbox', { name: 'Key' }).fill('topics');
    await row.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Multi-select' });
    await row.getByRole('textbox', { name: 'Options' }).fill('Cloud\nData');
    await row.getByRole('checkbox', { name: 'Filterable in the post list' }).check();
    // The preview shows the options as a group of boxes.
    const preview = page.getByRole('region', { name: 'Preview in the post editor' });
    await expect(preview.getByRole('group', { name: 'Topics' }).getByRole('checkbox')).toHaveCount(2);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Custom fields saved.' })).toBeVisible();

    const post = await createPost(page, DOMAIN, {
      title: uniqueTitle('Topics'),
      fields: { topics: ['Data'] },
    });
    await page.goto(`/?post=${post.id}`);
    await expect(editorHeading(page, 'Edit')).toBeVisible();
    const topics = page.getByRole('group', { name: 'Topics' });
    await expect(topics.getByRole('checkbox', { name: 'Data' })).toBeChecked();
    await topics.getByRole('checkbox', { name: 'Cloud' }).check();
    await checkA11y('the post editor with a multi-select field');
    const saved = await save(page, 'PUT');
    expect(saved.status).toBe(200);
    expect((saved.sent.fields as Record<string, unknown>).topics).toEqual(['Cloud', 'Data']);
    expect((await getPost(page, DOMAIN, post.id)).post.fields).toEqual({ topics: ['Cloud', 'Data'] });

    await page.goto('/');
    await page.getByRole('combobox', { name: 'Topics' }).selectOption('Cloud');
    await expect(card(page, post.title)).toBeVisible();
  });

  test('should show the server problems under their field', async ({ page }) => {
    await signInToList(page);
    await openFieldsTab(page);
    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.keyboard.type('Kind');
    await rows(page).first().getByRole('textbox', { name: 'Key' }).fill('kind');
    await rows(page).first().getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Select' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(rows(page).first()).toContainText('a select field needs a non-empty "options" list');
    await expect(rowLabels(page).first()).toHaveAttribute('aria-invalid', 'true');
    expect(await fieldsCall(page, 'GET')).toEqual([]);
  });

  test('should reorder with the buttons, and offer to reload when someone else changed the fields', async ({
    page,
    checkA11y,
  }) => {
    await signInToList(page);
    await setFields(page, [text('first', 'First'), text('second', 'Second')]);
    await openFieldsTab(page);
    await expectLabels(page, ['First', 'Second']);

    await page.getByRole('button', { name: 'Move Second up' }).click();
    await expectLabels(page, ['Second', 'First']);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Custom fields saved.' })).toBeVisible();
    expect((await fieldsCall(page, 'GET')).map((def) => def.key)).toEqual(['second', 'first']);

    // Someone changes the fields between this page's load and its save.
    await fieldsCall(page, 'PUT', [text('second', 'Second'), text('first', 'First'), text('third', 'Third')]);
    await rowLabels(page).first().fill('Second renamed');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('alertdialog', { name: 'Someone else changed the custom fields' });
    await expect(conflict).toBeVisible();
    await checkA11y('the custom fields conflict dialog');
    await conflict.getByRole('button', { name: 'Keep editing' }).click();
    await expect(conflict).toHaveCount(0);
    await expect(rowLabels(page).first()).toHaveValue('Second renamed');
    expect((await fieldsCall(page, 'GET')).map((def) => def.label)).toEqual(['Second', 'First', 'Third']);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await conflict.getByRole('button', { name: 'Reload the fields' }).click();
    await expect(conflict).toHaveCount(0);
    await expectLabels(page, ['Second', 'First', 'Third']);
  });

  test('should ask before removing a field posts hold values for, and drop the values when chosen', async ({
    page,
    checkA11y,
  }) => {
    await signInToList(page);
    await setFields(page, [text('note', 'Note')]);
    const post = await createPost(page, DOMAIN, { title: uniqueTitle('Noted'), fields: { note: 'kept?' } });
    await openFieldsTab(page);

    await page.getByRole('button', { name: 'Delete Note' }).click();
    await expect(page.getByRole('button', { name: 'Add a field' })).toBeFocused();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove fields that posts use?' });
    await expect(dialog).toContainText('Note: 1 post holds a value');
    await checkA11y('the remove fields dialog');
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await fieldsCall(page, 'GET')).toHaveLength(1);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Also delete the values from the posts' }).check();
    await dialog.getByRole('button', { name: 'Remove fields' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Custom fields saved.' })).toBeVisible();
    expect(await fieldsCall(page, 'GET')).toEqual([]);
    expect((await getPost(page, DOMAIN, post.id)).post.fields).toEqual({});
  });
});
