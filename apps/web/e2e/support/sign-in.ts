import { expect, type Page } from '@playwright/test';
import { DEMO_EMAIL, demoPassword } from './e2e-server';

/** Signs in from the login screen through the built-in provider's real login page. */
export async function signIn(page: Page, password = demoPassword()) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const headerTitle = (page: Page) => page.getByRole('banner').locator('.app-header__title');
