import { expect, test } from '@playwright/test';
import { headerTitle, signIn } from './support/sign-in';

test.describe('sign-in', () => {
  test('should sign in through the real login page and land on / with the demo domain', async ({ page }) => {
    await signIn(page);

    await expect(page).toHaveURL(/\/$/);
    await expect(headerTitle(page)).toHaveText('Example Engineering');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blog Posts' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('should show the error for a wrong password and not sign in', async ({ page }) => {
    await signIn(page, 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('should switch domains, and keep the session and the domain across a reload', async ({ page }) => {
    await signIn(page);
    await expect(headerTitle(page)).toHaveText('Example Engineering');

    await page.getByLabel('Domain').selectOption({ label: 'news.example.org' });
    await expect(headerTitle(page)).toHaveText('Example News');

    await page.reload();
    await expect(headerTitle(page)).toHaveText('Example News');
    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toHaveCount(0);
  });

  test('should sign out and land on the login screen', async ({ page }) => {
    await signIn(page);
    await expect(headerTitle(page)).toHaveText('Example Engineering');

    await page.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('button', { name: 'Sign out' });
    // The provider asks before ending its session; the web app then receives the user back.
    if (await confirm.isVisible({ timeout: 5_000 }).catch(() => false)) await confirm.click();

    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();
    await expect(page.getByText('Experience the future of blog management')).toBeVisible();
  });
});
