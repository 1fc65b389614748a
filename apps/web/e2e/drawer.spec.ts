import { expect, test } from './support/fixtures';
import { signIn } from './support/sign-in';

test.use({ viewport: { width: 375, height: 740 } });

test.describe('the sidebar drawer on a 375 px screen', () => {
  test('should open and close by the backdrop, the close button and a link', async ({ page, checkA11y }) => {
    await signIn(page);
    const menu = page.getByRole('button', { name: 'Open menu' });
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar.getByRole('link', { name: 'Metadata & Assets' })).toBeInViewport();
    await checkA11y('the drawer open at 375 px');
    await page.getByTestId('drawer-backdrop').click({ position: { x: 360, y: 400 } });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await sidebar.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await sidebar.getByRole('link', { name: 'Metadata & Assets' }).click();
    await expect(page).toHaveURL(/\/metadata$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Metadata & Assets' })).not.toBeInViewport();
    await checkA11y('Metadata & Assets at 375 px');
  });

  test('should close on Escape', async ({ page }) => {
    await signIn(page);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
