import type { Page } from '@playwright/test';
import { accessToken, uniqueTitle } from './support/api';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { headerTitle, signIn } from './support/sign-in';
import { startReceiver } from './support/webhook-receiver';

/** GET /api/v1/posts with a content key in ?key= (how a website reads); the status it answers. */
async function readPosts(page: Page, key: string) {
  const response = await page.request.get('/api/v1/posts', { params: { key } });
  return { status: response.status(), body: (await response.json()) as { posts?: unknown[] } };
}

/** The domain's delivery settings through the admin API, to put them back after the journey. */
interface Settings {
  postUrl: string | null;
  publicFeeds: boolean;
  previewUrl?: string | null;
}

async function domainSettings(page: Page, put?: Settings) {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const params = { domain: DOMAINS.blog };
  const response = put
    ? await page.request.put('/cms/domain/settings', { params, headers, data: put })
    : await page.request.get('/cms/domain/settings', { params, headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Settings;
}

/**
 * Issue 22, Settings › Integrations: an admin of blog.example.com manages the domain's content
 * keys, webhooks and delivery settings. The webhook's receiver is a node:http server on 127.0.0.1,
 * which the e2e server allows (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_ALLOW_HTTP, WEBHOOK_PORTS in support/e2e-server.ts).
 */
test.describe('Settings › Integrations', () => {
  test('the admin creates a content key and a webhook and sees a test delivery in the log', async ({
    page,
    context,
    checkA11y,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const receiver = await startReceiver();
    let original: Awaited<ReturnType<typeof domainSettings>> | undefined;
    try {
      await signIn(page);
      await expect(headerTitle(page)).toHaveText('Example Engineering');
      original = await domainSettings(page);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Integrations' })
        .click();
      await expect(page).toHaveURL(/\/settings\/integrations$/);
      const keys = page.getByRole('region', { name: 'Content keys' });
      const webhooks = page.getByRole('region', { name: 'Webhooks' });
      const website = page.getByRole('region', { name: 'Website' });
      await expect(website.getByLabel('Post address')).toBeVisible();
      await checkA11y('Settings › Integrations');

      // A content key: an origin with a path is refused in the form, before any call.
      const name = uniqueTitle('Key');
      await keys.getByRole('button', { name: 'New content key' }).click();
      let dialog = page.getByRole('dialog', { name: 'New content key' });
      await expect(dialog.getByLabel('Name')).toBeFocused();
      await checkA11y('the new content key dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Browser origins').fill('https://www.example.com/posts');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(
        dialog.getByText('Not a browser origin (scheme and host, no path): https://www.example.com/posts'),
      ).toBeVisible();
      await dialog.getByLabel('Browser origins').fill('https://WWW.example.com\nhttp://localhost:5173');
      await dialog.getByRole('button', { name: 'Create' }).click();

      // The key, once, with its warning and a copy button.
      dialog = page.getByRole('dialog', { name: 'Content key created' });
      await expect(dialog.getByText("you won't see it again")).toBeVisible();
      const keyField = dialog.getByLabel(`The key of ${name}`);
      const key = await keyField.inputValue();
      expect(key).toMatch(/^mhk_/);
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Copied to the clipboard.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await checkA11y('the created content key');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      const keyRow = keys.getByRole('row').filter({ hasText: name });
      await expect(keyRow).toContainText('https://www.example.com, http://localhost:5173');
      await expect(keyRow).toContainText('Never');
      expect(key.startsWith((await keyRow.getByRole('cell').nth(1).innerText()).replace('…', ''))).toBe(true);

      // The key reads the domain's published posts.
      const read = await readPosts(page, key);
      expect(read.status).toBe(200);
      expect(Array.isArray(read.body.posts)).toBe(true);

      // A webhook to the receiver; its secret is shown once.
      await webhooks.getByRole('button', { name: 'New webhook' }).click();
      dialog = page.getByRole('dialog', { name: 'New webhook' });
      await expect(dialog.getByLabel('URL')).toBeFocused();
      await checkA11y('the new webhook dialog');
      await dialog.getByLabel('URL').fill(receiver.url);
      await dialog.getByLabel('Description').fill('The e2e receiver');
      await expect(dialog.getByRole('checkbox', { name: 'post.published' })).toBeChecked();
      await dialog.getByRole('checkbox', { name: 'post.published' }).uncheck();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
      await dialog.getByRole('checkbox', { name: 'post.published' }).check();
      await dialog.getByRole('button', { name: 'Create' }).click();
      dialog = page.getByRole('dialog', { name: 'Webhook created' });
      await expect(dialog.getByText("you won't see it again")).toBeVisible();
      expect(await dialog.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
      await checkA11y('the created webhook');
      await dialog.getByRole('button', { name: 'Done' }).click();
      const webhookRow = webhooks.getByRole('row').filter({ hasText: receiver.url });
      await expect(webhookRow).toContainText('post.published');
      await expect(webhookRow).toContainText('Active');

      // A test event: the log opens and follows the ping until the receiver's 200 is recorded.
      await webhookRow.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
      await expect(webhooks.getByRole('status').filter({ hasText: 'Test event queued' })).toBeVisible();
      const log = page.getByRole('region', { name: `Deliveries to ${receiver.url}` });
      await expect(log.getByRole('heading')).toBeFocused();
      const pings = log.getByRole('row').filter({ hasText: 'ping' });
      await expect(pings).toHaveCount(1);
      await expect(pings.first()).toContainText('Succeeded', { timeout: 20_000 });
      await expect(pings.first().getByRole('cell').nth(2)).toHaveText('200');
      await expect(pings.first().getByRole('cell').nth(3)).toHaveText('1');
      expect(receiver.received.map((delivery) => delivery.json.type)).toEqual(['ping']);
      await checkA11y('the delivery log');

      // Redeliver: a new delivery of the same event (same webhook-id), which succeeds too.
      await pings
        .first()
        .getByRole('button', { name: /^Redeliver ping of / })
        .click();
      await expect(pings).toHaveCount(2);
      await expect(pings.nth(0)).toContainText('Succeeded', { timeout: 20_000 });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      await log.getByRole('button', { name: 'Refresh' }).click();
      await expect(pings).toHaveCount(2);
      await log.getByRole('button', { name: 'Close the log' }).click();
      await expect(log).toBeHidden();

      // Edit: the server's refusal shows in the dialog; a valid change is saved.
      await webhookRow.getByRole('button', { name: `Edit the webhook ${receiver.url}` }).click();
      dialog = page.getByRole('dialog', { name: 'Edit webhook' });
      await checkA11y('the edit webhook dialog');
      await dialog.getByLabel('URL').fill('ftp://files.example.com/hook');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('url: must be an http or https URL');
      await dialog.getByLabel('URL').fill(receiver.url);
      await dialog.getByRole('checkbox', { name: 'tag.created' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(webhookRow).toContainText('post.published, tag.created');

      // Revoke the key: asked first; then the delivery API refuses it.
      await keyRow.getByRole('button', { name: `Revoke the key ${name}` }).click();
      dialog = page.getByRole('alertdialog', { name: 'Revoke this content key?' });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await checkA11y('the revoke confirmation');
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(dialog).toBeHidden();
      await expect(keyRow).toHaveCount(0);
      expect((await readPosts(page, key)).status).toBe(401);

      // The website settings: the server's refusal inline, then a pattern and public feeds saved.
      const postUrl = website.getByLabel('Post address');
      await postUrl.fill('https://www.example.com/articles');
      await website.getByRole('button', { name: 'Save' }).click();
      await expect(website.getByRole('alert')).toContainText(
        'postUrl: must be an http(s) address with {slug}',
      );
      await expect(postUrl).toHaveAttribute('aria-invalid', 'true');
      await postUrl.fill('https://www.example.com/articles/{slug}');
      // The preview address (issue 30) needs {token}: checked here as the server checks it.
      const previewUrl = website.getByLabel('Preview address');
      await previewUrl.fill('https://www.example.com/preview');
      await website.getByRole('button', { name: 'Save' }).click();
      await expect(previewUrl).toHaveAttribute('aria-invalid', 'true');
      await checkA11y('the website settings with a refused preview address');
      await previewUrl.fill('https://www.example.com/preview?token={token}&slug={slug}');
      await website.getByRole('checkbox', { name: 'Public feeds' }).setChecked(!original.publicFeeds);
      await website.getByRole('button', { name: 'Save' }).click();
      await expect(website.getByRole('status')).toHaveText('Saved.');
      expect(await domainSettings(page)).toEqual({
        postUrl: 'https://www.example.com/articles/{slug}',
        publicFeeds: !original.publicFeeds,
        previewUrl: 'https://www.example.com/preview?token={token}&slug={slug}',
      });
      await page.reload();
      await expect(page.getByLabel('Post address')).toHaveValue('https://www.example.com/articles/{slug}');
      await expect(page.getByRole('checkbox', { name: 'Public feeds' })).toBeChecked({
        checked: !original.publicFeeds,
      });

      // Delete the webhook, after a confirmation.
      const row = page
        .getByRole('region', { name: 'Webhooks' })
        .getByRole('row')
        .filter({ hasText: receiver.url });
      await row.getByRole('button', { name: `Delete the webhook ${receiver.url}` }).click();
      dialog = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
      await checkA11y('the delete webhook confirmation');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(0);
    } finally {
      // Other journeys on this worker's server read blog.example.com's settings as the demo set them.
      // The other journeys on this server expect blog.example.com without a preview address.
      if (original) await domainSettings(page, { ...original, previewUrl: null }).catch(() => undefined);
      await receiver.close();
    }
  });
  test('should show empty lists, and the server refusing a test of a webhook that is off', async ({
    page,
    checkA11y,
  }) => {
    // Two axe passes and a dozen round trips: more than a minute on a loaded two-core machine.
    test.slow();
    await signIn(page);
    await expect(headerTitle(page)).toHaveText('Example Engineering');
    await page.getByLabel('Domain').selectOption({ label: DOMAINS.empty });
    await expect(headerTitle(page)).toHaveText('Empty Site');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Integrations' })
      .click();
    const keys = page.getByRole('region', { name: 'Content keys' });
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await expect(keys.getByText('No content keys yet.')).toBeVisible();
    await expect(webhooks.getByText('No webhooks yet.')).toBeVisible();
    await expect(keys.getByRole('table')).toHaveCount(0);
    await checkA11y('Settings › Integrations with nothing in it');

    // A webhook created off (nothing is ever sent to this address).
    const url = 'http://127.0.0.1:9/off';
    await webhooks.getByRole('button', { name: 'New webhook' }).click();
    let dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('checkbox', { name: 'Active (send events)' }).uncheck();
    await dialog.getByRole('button', { name: 'Create' }).click();
    dialog = page.getByRole('dialog', { name: 'Webhook created' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = webhooks.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Off');

    // The server's 409 shows where the button was; the log is empty.
    await row.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect(webhooks.getByRole('alert')).toHaveText('Turn the webhook on before testing it');
    await row.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('region', { name: `Deliveries to ${url}` });
    await expect(log.getByText('Nothing delivered yet. Send a test event to see one.')).toBeVisible();
    await checkA11y('an empty delivery log');

    // Escape keeps the webhook: the confirmation's safe choice.
    await row.getByRole('button', { name: `Delete the webhook ${url}` }).click();
    dialog = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    // Escape before the dialog is open would reach the page, not the dialog.
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Delete the webhook ${url}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(webhooks.getByText('No webhooks yet.')).toBeVisible();
    await expect(log).toBeHidden();
  });
});
