import { expect, test } from './support/fixtures';
import { headerTitle, signIn, signInAs } from './support/sign-in';

test.describe('sign-in', () => {
  test('should sign in through the real login page and land on / with the demo domain', async ({
    page,
    demo,
    checkA11y,
  }) => {
    await page.goto('/');
    await checkA11y('the login screen');
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await checkA11y("the provider's login page");
    await page.getByLabel('E-mail').fill(demo.email);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(headerTitle(page)).toHaveText('Example Engineering');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blog Posts' }),
    ).toHaveAttribute('aria-current', 'page');
    await checkA11y('the signed-in post list');
  });

  test('should show the error for a wrong password and not sign in', async ({ page, checkA11y }) => {
    await signIn(page, 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await checkA11y("the provider's login page with its error");
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

  test('should sign the author in, with blog.example.com only', async ({ page, author }) => {
    await signInAs(page, author.email, author.password);

    await expect(headerTitle(page)).toHaveText('Example Engineering');
    await expect(page.getByLabel('Domain').getByRole('option')).toHaveText(['blog.example.com']);
  });

  test('should offer the demo account the empty domain too', async ({ page }) => {
    await signIn(page);
    await expect(page.getByLabel('Domain').getByRole('option')).toHaveText([
      'blog.example.com',
      'empty.example.com',
      'news.example.org',
    ]);

    await page.getByLabel('Domain').selectOption({ label: 'empty.example.com' });
    await expect(headerTitle(page)).toHaveText('Empty Site');
  });

  test('should sign out in one click, with no confirmation page, and end the provider session', async ({
    page,
  }) => {
    await signIn(page);
    await expect(headerTitle(page)).toHaveText('Example Engineering');
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest())
        documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    // The app shows its login screen as soon as it forgets the user, before it goes to the provider:
    // the journey waits for the browser to come back from the provider to "/".
    const backHome = page.waitForResponse(
      (response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === '/',
    );
    await page.getByRole('button', { name: 'Log out' }).click();

    // One click: on a "Sign out of Masthead?" page the journey would wait here in vain.
    await backHome;
    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();
    await expect(page.getByText('Experience the future of blog management')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign out of Masthead?' })).toHaveCount(0);
    // The provider ended its session (its own form, submitted for us), so the password is asked again.
    expect(documents).toEqual(
      expect.arrayContaining(['GET /oidc/session/end', 'POST /oidc/session/end/confirm']),
    );
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
