import { randomBytes } from 'node:crypto';
import type { AssetInfo } from '@masthead/contract';
import type { Browser, Page } from '@playwright/test';
import { postPath } from '../../../examples/site/src/pages/paths';
import { startSite } from '../../../examples/site/src/site';
import { accessToken, uniqueTitle } from './support/api';
import { assetDialog, assetsSection, pickFile, toast } from './support/assets-page';
import { expectNoSeriousA11yViolations } from './support/axe';
import { card, content, expectList, save, search, toolbar, typeContent } from './support/blog-pages';
import { DOMAINS } from './support/e2e-server';
import { makePhoto } from './support/files';
import { expect, test } from './support/fixtures';
import { expectFitsViewport } from './support/layout';
import { signIn } from './support/sign-in';

const WIDTH = 3000;
const HEIGHT = 2000;

/** The width in a variant's address: `/img/<asset id>-<16 hex of its hash>-<width>.<ext>`. */
function variantWidth(address: string, assetId: string): number {
  const match = new RegExp(`/img/${assetId}-[0-9a-f]{16}-(\\d+)\\.(?:avif|webp|jpg|png)$`).exec(
    new URL(address).pathname,
  );
  if (!match) throw new Error(`not a variant of asset ${assetId}: ${address}`);
  return Number(match[1]);
}

/** Uploads the photo as a public asset in Metadata & Assets, checking the dialog on the way. */
async function uploadPhoto(page: Page, checkA11y: (what: string) => Promise<void>, description: string) {
  const photo = await makePhoto(`${uniqueTitle('harbour').replace(' ', '-')}.jpg`, WIDTH, HEIGHT);
  await assetsSection(page).getByRole('button', { name: 'Upload an asset' }).click();
  const dialog = assetDialog(page, 'Upload Asset');
  await pickFile(dialog, photo);
  await expect(dialog.getByRole('progressbar', { name: 'Compression: 100%' })).toHaveJSProperty('value', 100);
  // The picked file's size, read by the browser from the preview (compression keeps the pixels).
  await expect(dialog.getByText(/^Size:/)).toHaveText(/Size: 3000 × 2000 px/);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await expect(dialog.getByRole('checkbox', { name: /Public/ })).toBeChecked();
  await checkA11y('the upload dialog with a large photo picked');
  const registered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/cms/assets/list',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await registered;
  expect(response.status(), await response.text()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Successfully Created')).toContainText('Asset has been created successfully');
  return (await response.json()) as AssetInfo;
}

/**
 * Opens the published post on the example site in a fresh browser (no image cached from the other
 * width) at this viewport width, checks both images, and returns the variant width Chromium chose
 * for each.
 */
async function variantsChosen(
  browser: Browser,
  url: string,
  viewportWidth: number,
  asset: AssetInfo,
  title: string,
) {
  const context = await browser.newContext({
    viewport: { width: viewportWidth, height: 900 },
    deviceScaleFactor: 1,
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const images = {
      feature: page.locator('article img.feature'),
      body: page.locator('article .content').getByRole('img', { name: asset.description }),
    };
    const chosen: Record<keyof typeof images, number> = { feature: 0, body: 0 };
    for (const [name, image] of Object.entries(images) as [keyof typeof images, typeof images.feature][]) {
      await expect(image).toHaveAttribute('srcset', new RegExp(`/img/${asset.id}-[0-9a-f]{16}-\\d+\\.`));
      await expect(image).toHaveAttribute('sizes', /\S/);
      await expect(image).toHaveAttribute('width', String(WIDTH));
      await expect(image).toHaveAttribute('height', String(HEIGHT));
      // Lazy images load near the viewport only.
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
      chosen[name] = variantWidth(
        await image.evaluate((element: HTMLImageElement) => element.currentSrc),
        asset.id,
      );
    }
    await expectNoSeriousA11yViolations(
      page,
      `example site: the post with its images at ${viewportWidth} px`,
    );
    await expectFitsViewport(page, `example site: the post with its images at ${viewportWidth} px`);
    return chosen;
  } finally {
    await context.close();
  }
}

/**
 * Issue 31: a large photo uploaded in the back office shows its size in pixels, goes into a post
 * (feature image and body) with its width and height, and the example site serves it with srcset,
 * from which Chromium takes a smaller variant on a phone than on a desktop.
 */
test.describe('images', () => {
  test('should show a large photo’s size, insert it with its size, and let the site serve a phone a smaller variant', async ({
    page,
    browser,
    server,
    checkA11y,
  }) => {
    // An upload with compression of a 6-megapixel photo, a post, and two fresh browsers.
    test.setTimeout(180_000);
    await signIn(page);
    await expectList(page);
    await page.getByRole('link', { name: 'Metadata & Assets' }).first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'Assets' })).toBeVisible();

    // The asset list: the photo's dimensions in their own column, in words for screen readers.
    const description = 'The harbour at dawn, a large photo';
    const asset = await uploadPhoto(page, checkA11y, description);
    expect(asset).toMatchObject({ mimeType: 'image/jpeg', width: WIDTH, height: HEIGHT, public: true });
    const listed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/cms/assets/list' &&
        new URL(response.url()).searchParams.get('searchString') === asset.fileName,
    );
    await assetsSection(page).getByRole('searchbox', { name: 'Search assets' }).fill(asset.fileName);
    await listed;
    const row = assetsSection(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: asset.fileName }) });
    await expect(row.getByRole('cell', { name: '3000 by 2000 pixels' })).toHaveText(/3000 × 2000 px/);
    await checkA11y('the assets table with the photo and its dimensions');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectFitsViewport(page, 'the assets table with dimensions at 375 px');
    await page.setViewportSize({ width: 1280, height: 720 });

    // A post with the photo as its feature image and, through the image dialog, in its body.
    await page.getByRole('link', { name: 'Blog Posts' }).first().click();
    await expectList(page);
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const title = uniqueTitle('Harbour photo');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Short description' }).fill('A large photo, in every size.');
    await page.getByRole('textbox', { name: 'Feature image URL' }).fill(asset.downloadUrl);
    await page.getByRole('combobox', { name: 'Client' }).selectOption('Acme Corp');
    await typeContent(page, 'The harbour at dawn, as the site shows it.');

    await toolbar(page).getByRole('button', { name: 'Insert image', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await dialog.getByRole('searchbox', { name: 'Search assets' }).fill(asset.fileName);
    // Each offered asset says its size; the one picked shows it beside the address.
    const option = dialog.getByRole('button', { name: new RegExp(asset.fileName.replace('.', '\\.')) });
    await expect(option).toHaveAccessibleName(/3000 by 2000 pixels/);
    await option.click();
    await expect(option).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Image address' })).toHaveValue(asset.downloadUrl);
    await expect(dialog.getByRole('textbox', { name: 'Alt text' })).toHaveValue(description);
    await expect(dialog.getByText('Size of the picked image: 3000 × 2000 px')).toBeVisible();
    await checkA11y('the insert-image dialog with a large photo picked');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await expect(dialog).toBeHidden();
    const inEditor = content(page).getByRole('img', { name: description });
    await expect(inEditor).toHaveAttribute('width', String(WIDTH));
    await expect(inEditor).toHaveAttribute('height', String(HEIGHT));
    await checkA11y('the post editor with the photo in its body');

    // The HTML sent and the HTML the server kept both carry the photo's width and height.
    const created = await save(page, 'POST');
    expect(created.status).toBe(201);
    expect(created.sent.featureImageUrl).toBe(asset.downloadUrl);
    for (const html of [created.sent.editorHtmlContent, created.body.editorHtmlContent]) {
      const img = await page.evaluate((markup) => {
        const element = new DOMParser().parseFromString(String(markup), 'text/html').querySelector('img');
        return (
          element && [
            element.getAttribute('src'),
            element.getAttribute('width'),
            element.getAttribute('height'),
          ]
        );
      }, html);
      expect(img).toEqual([asset.downloadUrl, String(WIDTH), String(HEIGHT)]);
    }

    // Approved and published from the list.
    await expectList(page);
    await search(page, title);
    const item = card(page, title);
    await item.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(item.getByText('Approved', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(item.getByText('Published', { exact: true })).toBeVisible();

    // The example site, on its own origin, shows the post with srcset on both images.
    const key = await page.request.post('/cms/content-keys', {
      params: { domain: DOMAINS.blog },
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      data: { name: 'Images journey', origins: [] },
    });
    expect(key.status(), await key.text()).toBe(201);
    const site = await startSite({
      mastheadUrl: server.url,
      key: ((await key.json()) as { key: string }).key,
      domain: DOMAINS.blog,
      // No webhook in this journey: any well-formed secret.
      webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
    });
    try {
      const url = `${site.url}${postPath(String(created.body.slug))}`;
      const phone = await variantsChosen(browser, url, 375, asset, title);
      const desktop = await variantsChosen(browser, url, 1280, asset, title);
      // A phone gets a smaller variant of the feature image than a desktop, and never a larger one
      // of the body's image (whose `sizes` may cap it at its 500 px column on both).
      expect(phone.feature).toBeLessThan(desktop.feature);
      expect(phone.body).toBeLessThanOrEqual(desktop.body);
    } finally {
      await site.close();
    }
  });
});
