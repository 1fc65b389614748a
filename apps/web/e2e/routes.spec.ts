import { expect, test } from './support/fixtures';

test.describe('routes', () => {
  test('should show the 404 screen for an unknown route, with a button back home', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/nope');

    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await checkA11y('the 404 screen');
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('should show the unauthenticated screen on /metadata when signed out', async ({ page, checkA11y }) => {
    await page.goto('/metadata');

    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();
    await expect(page.getByText('Experience the future of blog management')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Metadata & Assets' })).toHaveCount(0);
    await checkA11y('the login screen on /metadata');
  });

  test('should say "Failed to load configuration" when the config endpoint fails', async ({
    page,
    checkA11y,
  }) => {
    await page.route('**/config/auth_config.json', (route) => route.fulfill({ status: 500, body: 'down' }));

    await page.goto('/');

    await expect(page.getByText('Failed to load configuration')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toHaveCount(0);
    await checkA11y('the configuration failure screen');
  });
});
