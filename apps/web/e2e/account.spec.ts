import { ACCOUNT_OWNERS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

// Decision 045: the signed-in user's own account, from the account menu in the sidebar footer. Each
// journey has an account of its own (ACCOUNT_OWNERS), since it changes what signs that account in.

const openAccountMenu = async (page: import('@playwright/test').Page) => {
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'Account' }).click();
  return sidebar;
};

test.describe('the account menu', () => {
  test('should change the password: the old one is refused afterwards and the new one signs in', async ({
    page,
    checkA11y,
  }) => {
    const { email, name, password } = ACCOUNT_OWNERS.passwordChange;
    const newPassword = 'pat-second-e2e-password';
    await signInAs(page, email, password);
    await expect(page.getByText(name, { exact: true })).toBeVisible();

    const sidebar = await openAccountMenu(page);
    await checkA11y('the open account menu');
    await sidebar.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your password' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Current password')).toBeFocused();
    await checkA11y('the change password dialog');

    // Refusals stay beside their field: a confirmation that differs, then a wrong current password.
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm new password').fill('something else');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The two new passwords are not the same.');
    await dialog.getByLabel('Confirm new password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The current password is not correct.');
    await expect(dialog.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await checkA11y('the change password dialog with its error');

    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByRole('status')).toContainText('Your password has been changed');
    await dialog.getByRole('button', { name: 'Sign in again' }).click();
    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();

    await signInAs(page, email, password);
    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
    await signInAs(page, email, newPassword);
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  });

  test('should sign out everywhere: after a reload, the sign-in form asks for the password again', async ({
    page,
    checkA11y,
  }) => {
    const { email, name, password } = ACCOUNT_OWNERS.signOutEverywhere;
    await signInAs(page, email, password);
    await expect(page.getByText(name, { exact: true })).toBeVisible();

    const sidebar = await openAccountMenu(page);
    await sidebar.getByRole('button', { name: 'Sign out everywhere' }).click();
    const question = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await expect(question).toBeVisible();
    await checkA11y('the sign out everywhere question');
    await question.getByRole('button', { name: 'Sign out everywhere' }).click();

    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();
    // The provider's session went too: signing in asks for the password, it does not just come back.
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
