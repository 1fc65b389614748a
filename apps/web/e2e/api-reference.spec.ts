import { expect, test } from './support/fixtures';

test.describe('the API reference', () => {
  test('should list the operations at /cms/docs and pass axe', async ({ page, checkA11y }) => {
    const response = await page.goto('/cms/docs');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: /Masthead API/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'get /cms/blogs/all' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'post /cms/tags/info' })).toBeVisible();
    await expect(page.getByRole('link', { name: /\/cms\/openapi\.json$/ })).toBeVisible();

    // A schema opens in place, and the page still passes with it open.
    const operation = page.locator('section.operation', {
      has: page.getByRole('heading', { name: 'get /cms/blogs/all' }),
    });
    await operation
      .getByText(/^Schema of 200/)
      .first()
      .click();
    await expect(operation.locator('pre').first()).toBeVisible();
    await checkA11y('the API reference');
  });
});
