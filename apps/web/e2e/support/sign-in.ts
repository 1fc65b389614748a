import { expect, type Page } from '@playwright/test';
import { DEMO_EMAIL, currentServer } from './e2e-server';

/**
 * Signs in from the login screen through the built-in provider's real login page. It returns once
 * the form is sent; the journey then waits for what it expects (the list, or the form's error).
 */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs the demo account in (with this worker's demo password, unless another is given). */
export function signIn(page: Page, password = currentServer().demo.password) {
  return signInAs(page, DEMO_EMAIL, password);
}

export const headerTitle = (page: Page) => page.getByRole('banner').locator('.app-header__title');
