import type { Page } from '@playwright/test';
import { uniqueTitle } from './support/api';
import { content, expectList, toolbar } from './support/blog-pages';
import { expect, test } from './support/fixtures';
import { makeJpeg, makeOversizePng, makePng, makeTextAsPng } from './support/files';
import { signIn, signInAs } from './support/sign-in';
import { assetDialog, assetsSection, pickFile, toast, uploadAsset } from './support/assets-page';

/** A file name no other journey uses (the asset search is a substring of it). */
const uniqueName = (prefix: string, extension: string) =>
  `${uniqueTitle(prefix).replace(' ', '-')}.${extension}`;

/**
 * Keeps a copy of every Blob the page sends with XMLHttpRequest (the PUT to storage), so a journey
 * can compare what was uploaded, after compression, with what storage gives back.
 */
async function recordUploads(page: Page) {
  await page.addInitScript(() => {
    const uploads: Blob[] = [];
    (window as unknown as { __uploads: Blob[] }).__uploads = uploads;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof Blob) uploads.push(body);
      return send.call(this, body);
    };
  });
}

async function lastUpload(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const uploads = (window as unknown as { __uploads: Blob[] }).__uploads;
    const bytes = new Uint8Array(await uploads[uploads.length - 1]!.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

async function openAssets(page: Page, account?: { email: string; password: string }) {
  if (account) await signInAs(page, account.email, account.password);
  else await signIn(page);
  await expectList(page);
  await page.getByRole('link', { name: 'Metadata & Assets' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Assets' })).toBeVisible();
}

const row = (page: Page, fileName: string) =>
  assetsSection(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: fileName }) });

/** Narrows the table to `text` and waits for that search to reach the server. */
async function searchAssets(page: Page, text: string) {
  const done = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/cms/assets/list' &&
      new URL(response.url()).searchParams.get('searchString') === text,
  );
  await assetsSection(page).getByRole('searchbox', { name: 'Search assets' }).fill(text);
  await done;
}

test.describe('assets', () => {
  test('should upload a real PNG and JPEG with progress to 100, compressed on our origin, with thumbnails', async ({
    page,
    server,
    checkA11y,
  }) => {
    test.slow();
    await recordUploads(page);
    const origin = new URL(server.url).origin;
    const foreign: string[] = [];
    const ownWorkerScript: string[] = [];
    page.context().on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'blob:' || url.protocol === 'data:') return;
      if (url.origin !== origin) foreign.push(request.url());
      else if (url.pathname.includes('browser-image-compression')) ownWorkerScript.push(request.url());
    });
    await openAssets(page);
    await checkA11y('the Metadata & Assets page');

    const png = makePng(uniqueName('harbour', 'png'));
    const pngAsset = await uploadAsset(page, png, 'A harbour, as a PNG');
    const jpeg = await makeJpeg(page, uniqueName('sunset', 'jpg'));
    const jpegAsset = await uploadAsset(page, jpeg, 'A sunset, as a JPEG');

    // The compression ran in the worker, whose script came from our own origin; nothing left it.
    expect(ownWorkerScript.length).toBeGreaterThan(0);
    expect(foreign).toEqual([]);

    expect(pngAsset).toMatchObject({ mimeType: 'image/png', width: 260, height: 260, public: true });
    expect(jpegAsset).toMatchObject({ mimeType: 'image/jpeg', width: 400, height: 300 });
    // Compressed before the upload: the PNG is stored smaller than it was picked.
    expect(pngAsset.size).toBeLessThan(png.buffer.length);

    for (const [asset, description] of [
      [pngAsset, 'A harbour, as a PNG'],
      [jpegAsset, 'A sunset, as a JPEG'],
    ] as const) {
      await searchAssets(page, asset.fileName);
      const line = row(page, asset.fileName);
      await expect(line).toContainText(asset.mimeType);
      await expect(line).toContainText(description);
      const thumbnail = line.locator('img');
      await expect(thumbnail).toHaveAttribute('src', asset.downloadUrl);
      // The thumbnail really loaded: the browser decoded an image of the stored size.
      await expect
        .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBe(asset.width);
    }
    await checkA11y('the assets table with its thumbnails and buttons');
  });

  test('should copy the download link, which gives the uploaded bytes back, then edit and delete the asset', async ({
    page,
    context,
    server,
    checkA11y,
  }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await recordUploads(page);
    await openAssets(page);
    const png = makePng(uniqueName('lighthouse', 'png'), 200, 150);
    const asset = await uploadAsset(page, png, 'A lighthouse');
    const sent = await lastUpload(page);
    await searchAssets(page, asset.fileName);

    // Copy the link: the button confirms, and the clipboard holds the asset's download URL.
    const copy = row(page, asset.fileName).getByRole('button', {
      name: `Copy download link of ${asset.fileName}`,
    });
    await copy.click();
    await expect(copy).toContainText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(asset.downloadUrl);
    const download = await page.request.get(copied);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await download.body(), sent)).toBe(0);

    // Edit: only the description can change.
    await row(page, asset.fileName)
      .getByRole('button', { name: `Edit ${asset.fileName}` })
      .click();
    const dialog = assetDialog(page, 'Edit Asset');
    await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('A lighthouse');
    await expect(dialog.getByRole('button', { name: 'Upload image' })).toBeDisabled();
    await expect(dialog.getByLabel('Image file (PNG or JPEG)')).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Description' }).fill('A lighthouse at night');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Successfully Updated')).toContainText('Asset has been updated successfully');
    await expect(row(page, asset.fileName)).toContainText('A lighthouse at night');

    // Delete: asked first, then the file is gone from storage.
    await row(page, asset.fileName)
      .getByRole('button', { name: `Delete ${asset.fileName}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete asset?' });
    await expect(confirm).toContainText(asset.fileName);
    await checkA11y('the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page, 'Successfully Deleted')).toContainText('Asset has been deleted successfully');
    await expect(assetsSection(page).getByText('No Asset Found')).toBeVisible();
    expect((await page.request.get(copied)).status()).toBe(404);
  });

  test('should clear an 11 MB file silently and name a text file that is not an image', async ({
    page,
    checkA11y,
  }) => {
    await openAssets(page);
    await assetsSection(page).getByRole('button', { name: 'Upload an asset' }).click();
    const dialog = assetDialog(page, 'Upload Asset');
    await expect(dialog.getByText('We have a limit: 10MB')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'No image chosen yet' })).toBeVisible();
    await checkA11y('the asset dialog');
    const save = dialog.getByRole('button', { name: 'Save' });
    const description = dialog.getByRole('textbox', { name: 'Description' });

    await description.fill('Far too big');
    await pickFile(dialog, makeOversizePng(uniqueName('huge', 'png')));
    await expect(description).toHaveValue('');
    await expect(dialog.getByLabel('Image file (PNG or JPEG)')).toHaveValue('');
    await expect(dialog.getByRole('img', { name: 'No image chosen yet' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await description.fill('Still far too big');
    await expect(save).toBeDisabled();

    await pickFile(dialog, makeTextAsPng(uniqueName('notes', 'png')));
    await expect(dialog.getByRole('alert')).toHaveText('The file given is not an image');
    await expect(save).toBeDisabled();

    // Escape closes the dialog, and nothing was uploaded.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test("should insert an uploaded asset into a post from the editor's image dialog", async ({
    page,
    server,
  }) => {
    test.slow();
    await openAssets(page);
    const asset = await uploadAsset(page, makePng(uniqueName('pier', 'png'), 120, 90), 'The old pier');

    await page.getByRole('link', { name: 'Blog Posts' }).first().click();
    await expectList(page);
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    await toolbar(page).getByRole('button', { name: 'Insert image', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await dialog.getByRole('searchbox', { name: 'Search assets' }).fill(asset.fileName);
    const option = dialog.getByRole('button', { name: new RegExp(asset.fileName.replace('.', '\\.')) });
    await option.focus();
    await page.keyboard.press('Enter');
    await expect(option).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Image address' })).toHaveValue(asset.downloadUrl);
    await expect(dialog.getByRole('textbox', { name: 'Alt text' })).toHaveValue('The old pier');
    expect(asset.downloadUrl.startsWith(server.url)).toBe(true);
    await dialog.getByRole('button', { name: 'Insert' }).click();

    const image = content(page).getByRole('img', { name: 'The old pier' });
    await expect(image).toHaveAttribute('src', asset.downloadUrl);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(120);
  });

  test('should let an author upload and describe an asset but not delete it (DESIGN §2)', async ({
    page,
    author,
  }) => {
    await openAssets(page, author);
    const asset = await uploadAsset(page, makePng(uniqueName('author', 'png'), 64, 64), 'By the author');
    await searchAssets(page, asset.fileName);
    await expect(
      row(page, asset.fileName).getByRole('button', { name: `Edit ${asset.fileName}` }),
    ).toBeVisible();
    await expect(row(page, asset.fileName).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  });
});
