import type { Page } from '@playwright/test';
import { expectList } from './support/blog-pages';
import { expect, linkIn, test } from './support/mail-fixtures';

// E-mail with SMTP_URL (issue 29, decision 056), on a server of its own whose mails reach a real
// SMTP server the journey reads: an invitation sent by mail, and "Forgot password?".
test.describe.configure({ mode: 'default' });

/** The web app's login screen, then the provider's sign-in form, on the mailing server. */
async function openSignInForm(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

async function signInAt(page: Page, url: string, email: string, password: string) {
  await openSignInForm(page, url);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('with a mail server', () => {
  test('should e-mail an invitation: the admin sees where it went, the invitee joins from the mail', async ({
    page,
    browser,
    mailing,
    checkA11y,
  }) => {
    test.slow();
    const email = `mailed-${Date.now().toString(36)}@example.test`;
    await signInAt(page, mailing.url, mailing.demo.email, mailing.demo.password);
    await expectList(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Role').selectOption('author');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();

    await expect(
      page.getByRole('status').filter({ hasText: `The invitation was sent to ${email}` }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Invitation link' })).toHaveCount(0);
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await expect(
      pending.getByRole('button', { name: `Send the invitation to ${email} again` }),
    ).toBeVisible();
    await checkA11y('the members tab after an e-mailed invitation');

    const invitation = await mailing.mail.nextMailTo(email);
    expect(invitation.subject).toMatch(/^You are invited to .+ on Masthead$/);
    const link = linkIn(invitation, `${mailing.url}/oidc/invitation?token=`);
    const invitee = await browser.newContext();
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(link);
    await inviteePage.getByLabel('Your name').fill('Mia Mailed');
    await inviteePage.getByLabel('New password', { exact: true }).fill('mia-mailed-password');
    await inviteePage.getByLabel('New password again').fill('mia-mailed-password');
    await inviteePage.getByRole('button', { name: 'Create account and sign in' }).click();
    await expectList(inviteePage);
    await expect(inviteePage.getByText('Mia Mailed', { exact: true })).toBeVisible();
    await invitee.close();
  });

  test('should reset a forgotten password from the mail, and sign in with the new one', async ({
    page,
    mailing,
    checkA11y,
  }) => {
    test.slow();
    const { email } = mailing.demo;
    const newPassword = 'demo-reset-e2e-password';
    await openSignInForm(page, mailing.url);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await checkA11y('the forgotten password page');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`If ${email} has a Masthead account`);
    await checkA11y('the link sent page');

    const reset = await mailing.mail.nextMailTo(email);
    expect(reset.subject).toBe('Reset your Masthead password');
    await page.goto(linkIn(reset, `${mailing.url}/oidc/reset?token=`));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await checkA11y('the new password page');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password again').fill('not the same password');
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same');
    await checkA11y('the new password page with its error');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password again').fill(newPassword);
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();

    // Back in the web app, signed in without typing the password again.
    await expectList(page);
    await expect(page.getByText(mailing.demo.name, { exact: true })).toBeVisible();

    // The old password no longer signs in; the new one does.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signInAt(page, mailing.url, email, mailing.demo.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectList(page);
  });
});
