import type { AssetInfo } from '@masthead/contract';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { TestFile } from './files';

/** The Assets section of Metadata & Assets, its dialogs and its toasts. */
export const assetsSection = (page: Page) => page.locator('section.assets');
export const assetDialog = (page: Page, name: 'Upload Asset' | 'Edit Asset') =>
  page.getByRole('dialog', { name });
export const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

/** Picks the file in the upload dialog. */
export async function pickFile(dialog: Locator, file: TestFile) {
  await dialog.getByLabel('Image file (PNG or JPEG)').setInputFiles(file);
}

/** Uploads through the dialog and returns the registered asset (the POST's answer). */
export async function uploadAsset(page: Page, file: TestFile, description: string): Promise<AssetInfo> {
  await assetsSection(page).getByRole('button', { name: 'Upload an asset' }).click();
  const dialog = assetDialog(page, 'Upload Asset');
  await pickFile(dialog, file);
  await expect(dialog.getByRole('progressbar', { name: 'Compression: 100%' })).toHaveJSProperty('value', 100);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  const registered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/cms/assets/list',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await registered;
  expect(response.status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Successfully Created')).toContainText('Asset has been created successfully');
  return (await response.json()) as AssetInfo;
}
