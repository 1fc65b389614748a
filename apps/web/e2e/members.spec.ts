import { createPost, uniqueTitle } from './support/api';
import { card, expectList, search } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signIn, signInAs } from './support/sign-in';

// Members and invitations (issue 22, decision 046), through the real built-in provider.
test.describe('members', () => {
  test('should invite a writer as author who signs in, then becomes editor and can approve', async ({
    page,
    browser,
    baseURL,
    checkA11y,
  }) => {
    // Two people, two sign-ins and a role change: longer than one journey's default minute.
    test.slow();
    const email = `writer-${Date.now().toString(36)}@example.test`;
    await signIn(page);
    await expectList(page);
    await page.getByLabel('Domain').selectOption({ label: DOMAINS.blog });
    await page.getByRole('link', { name: 'Settings' }).click();
    const members = page.getByRole('table').first();
    await expect(members.getByRole('row', { name: /demo@masthead\.local/ })).toBeVisible();
    await checkA11y('the members tab');

    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    // The dialog is a lazy chunk: check it once it is there.
    await expect(dialog).toBeVisible();
    await checkA11y('the add member dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter an e-mail address.');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Role').selectOption('author');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();

    await expect(
      page.getByText(`Masthead sends no e-mail: copy this link and send it to ${email}`),
    ).toBeVisible();
    const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(link).toMatch(/\/oidc\/invitation\?token=mhi_/);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: /copied/ })).toBeVisible();
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await expect(pending.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    await checkA11y('the members tab with a new link and a pending invitation');

    // The writer opens the link in a browser of their own.
    const writerContext = await browser.newContext({ baseURL });
    const writer = await writerContext.newPage();
    await writer.goto(link);
    await expect(writer.getByRole('heading', { name: 'Join Example Engineering' })).toBeVisible();
    await writer.getByLabel('Your name').fill('Wren Writer');
    await writer.getByLabel('New password', { exact: true }).fill('wren-writer-password');
    await writer.getByLabel('New password again').fill('wren-writer-password');
    await writer.getByRole('button', { name: 'Create account and sign in' }).click();
    // Back in the web app, the sign-in starts by itself and goes through without the password.
    await expectList(writer);
    await expect(writer.getByLabel('Domain').locator('option:not([hidden])')).toHaveCount(1);
    await expect(writer.getByRole('link', { name: 'Settings' })).toHaveCount(0);

    // The link was single-use.
    const again = await writerContext.newPage();
    await again.goto(link);
    await expect(again.getByRole('heading', { name: 'Invitation already used' })).toBeVisible();
    await again.close();

    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('Invited') });
    await search(writer, post.title);
    await expect(card(writer, post.title).getByRole('button')).toHaveText(['Edit', 'Delete']);
    await expect(writer.getByRole('button', { name: /^(Approve|Publish)$/ })).toHaveCount(0);

    // The admin makes them an editor.
    await page.reload();
    await expect(pending.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
    await page.getByLabel(`Role of ${email}`).selectOption('editor');
    await expect(page.getByText(`${email} is now Editor.`)).toBeVisible();

    await writer.reload();
    await expectList(writer);
    // The list may keep its search across the reload; a search for the same words sends nothing.
    const searchBox = writer.getByRole('searchbox', { name: 'Search blog posts' });
    if ((await searchBox.inputValue()) !== post.title) await search(writer, post.title);
    await card(writer, post.title).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(writer.getByText('The post is approved and can now be published.')).toBeVisible();
    await writerContext.close();

    // Removing asks first; the dialog is checked and cancelled.
    await page.getByRole('button', { name: `Remove ${email}` }).click();
    await expect(page.getByRole('alertdialog', { name: 'Remove member?' })).toBeVisible();
    await checkA11y('the remove member dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(members.getByRole('row', { name: new RegExp(email) })).toBeVisible();

    // The last admin cannot be demoted: the server's sentence shows inline.
    await page.getByLabel('Role of demo@masthead.local').selectOption('editor');
    await expect(page.locator('#main-content').getByRole('alert')).toHaveText(
      `demo@masthead.local is the last admin of ${DOMAINS.blog}; make someone else an admin first`,
    );
    await expect(page.getByLabel('Role of demo@masthead.local')).toHaveValue('admin');
  });

  test('should copy a new link for a pending invitation and revoke it', async ({ page, checkA11y }) => {
    const email = `pending-${Date.now().toString(36)}@example.test`;
    await signIn(page);
    await expectList(page);
    await page.getByLabel('Domain').selectOption({ label: DOMAINS.empty });
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('dialog').getByLabel('E-mail').fill(email);
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    const first = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();

    await page.getByRole('button', { name: `Copy a new link for ${email}` }).click();
    await expect(page.getByRole('textbox', { name: 'Invitation link' })).not.toHaveValue(first);

    await page.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
    await expect(page.getByRole('alertdialog', { name: 'Revoke invitation?' })).toBeVisible();
    await checkA11y('the revoke invitation dialog');
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByText(`The invitation of ${email} was revoked.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);

    await page.goto(first);
    await expect(page.getByRole('heading', { name: 'Invitation not found' })).toBeVisible();
  });

  test('should show a non-admin no Settings entry and the no-access screen at /settings', async ({
    page,
    author,
  }) => {
    await signInAs(page, author.email, author.password);
    await expectList(page);
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  });
});
