import { createServer } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { startSite, type RunningSite } from '../../../examples/site/src/site';
import { accessToken, createPost, managePost, uniqueTitle } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { editorHeading, expectList } from './support/blog-pages';
import { DOMAINS, type E2eServer } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { expectFitsViewport } from './support/layout';
import { signIn, signInAs } from './support/sign-in';

// Previews (issue 30, decisions 061–063): a draft seen on the website (examples/site, another
// origin) and in the editor's live pane, share links for people without an account, Masthead's own
// preview page, and a publish reaching the site through its webhook. No cookie carries a preview.

/** A free loopback port: the site's webhook address must be known before Masthead gives its secret. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A signed-in admin (the demo account) in a context of its own, for the domain's set-up calls. */
async function adminCalls(browser: Browser, server: E2eServer) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page);
  await expectList(page);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) => {
    const response = await page.request.fetch(url, {
      method,
      params: { domain: DOMAINS.blog },
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    return response.status() === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
  };
  return { page, call, close: () => context.close() };
}

/**
 * examples/site for blog.example.com: a content key, a webhook to its receiver and the domain's
 * preview address pointing at its /preview route; `undo` takes all three back.
 */
async function exampleSite(browser: Browser, server: E2eServer) {
  const admin = await adminCalls(browser, server);
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const key = await admin.call('POST', '/cms/content-keys', { name: 'Example site', origins: [] });
  const hook = await admin.call('POST', '/cms/webhooks', {
    url: `${siteUrl}/webhooks/masthead`,
    events: ['post.published', 'post.unpublished', 'post.updated', 'post.deleted'],
    description: 'The example site',
  });
  const before = (await admin.call('GET', '/cms/domain/settings'))!;
  await admin.call('PUT', '/cms/domain/settings', {
    postUrl: before.postUrl,
    publicFeeds: before.publicFeeds,
    previewUrl: `${siteUrl}/preview?token={token}`,
  });
  let site: RunningSite | undefined;
  try {
    site = await startSite({
      mastheadUrl: server.url,
      key: key!.key as string,
      domain: DOMAINS.blog,
      webhookSecret: hook!.secret as string,
      port,
      // Only the webhook can make a published post appear within the journey's 5 s.
      cacheMaxAgeMs: 10 * 60_000,
    });
  } catch (error) {
    await admin.close();
    throw error;
  }
  const running = site;
  return {
    url: siteUrl,
    undo: async () => {
      await running.close();
      await admin.call('PUT', '/cms/domain/settings', {
        postUrl: before.postUrl,
        publicFeeds: before.publicFeeds,
        previewUrl: null,
      });
      await admin.call('DELETE', `/cms/webhooks/${hook!.id as string}`);
      await admin.close();
    },
    admin,
  };
}

async function openEditor(page: Page, postId: string) {
  await page.goto(`/?post=${postId}`);
  await expect(editorHeading(page, 'Edit')).toBeVisible();
}

test.describe('previews', () => {
  test('should show an author their draft on the website with its banner, follow each save in the live pane, and show it published through the webhook', async ({
    page,
    browser,
    server,
    author,
    checkA11y,
  }) => {
    test.slow();
    const site = await exampleSite(browser, server);
    try {
      await signInAs(page, author.email, author.password);
      await expectList(page);
      const title = uniqueTitle('Previewed draft');
      const post = await createPost(page, DOMAINS.blog, { title });
      await openEditor(page, post.id);

      // Preview: the site's own preview route, on its own origin, in a new tab.
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('button', { name: 'Preview', exact: true }).click(),
      ]);
      await expect(tab).toHaveURL(new RegExp(`^${site.url}/preview\\?token=mhp_`));
      await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(tab.getByText('Preview — not published')).toBeVisible();
      await expectNoSeriousA11yViolations(tab, "the site's preview of a draft");
      // The public page of that slug does not exist yet.
      const publicPage = await tab.goto(`${site.url}/posts/${post.slug}`);
      expect(publicPage?.status()).toBe(404);
      await tab.close();

      // The live pane shows the draft, then the next save, without a reload.
      await page.getByRole('button', { name: 'Live preview' }).click();
      const pane = page.getByRole('region', { name: 'Live preview' });
      const frame = pane.frameLocator('iframe[title="Preview of the post as last saved"]');
      await expect(frame.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await checkA11y('the live preview pane');
      const renamed = `${title} revised`;
      await page.getByLabel('Title').fill(renamed);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(frame.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
      await expect(editorHeading(page, 'Edit')).toBeVisible();
      await pane.getByRole('button', { name: 'Desktop' }).click();
      await expect(pane.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
      await expect(pane).toBeHidden();
      await expect(page.getByRole('button', { name: 'Live preview' })).toBeFocused();

      // Published by an editor: the site, which keeps its answers for ten minutes, shows it within
      // 5 s, because Masthead's webhook told it to drop them.
      const reader = await browser.newPage();
      await reader.goto(site.url);
      await expect(reader.getByRole('link', { name: renamed })).toHaveCount(0);
      await managePost(site.admin.page, DOMAINS.blog, post.id, 'APPROVAL', true);
      await managePost(site.admin.page, DOMAINS.blog, post.id, 'PUBLISH', true);
      await expect(async () => {
        await reader.reload();
        await expect(reader.getByRole('link', { name: renamed })).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 5_000, intervals: [250] });
      await reader.close();
    } finally {
      await site.undo();
    }
  });

  test("should share a preview on Masthead's own page with someone who has no account, until the link is revoked", async ({
    page,
    browser,
    baseURL,
    checkA11y,
  }) => {
    test.slow();
    // news.example.org has no preview address: previews open Masthead's own page.
    await signIn(page);
    await expectList(page);
    await page.getByLabel('Domain').selectOption({ label: DOMAINS.news });
    const title = uniqueTitle('Shared draft');
    const post = await createPost(page, DOMAINS.news, { title });
    await openEditor(page, post.id);

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Preview', exact: true }).click(),
    ]);
    await expect(tab).toHaveURL(new RegExp(`^${baseURL}/preview/mhp_`));
    await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(tab.getByText('Preview — not published')).toBeVisible();
    await expectNoSeriousA11yViolations(tab, "Masthead's preview page");
    await tab.close();

    await page.getByRole('button', { name: 'Share preview...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share preview' });
    await expect(dialog.getByText('No live share links for this post.')).toBeVisible();
    await checkA11y('the share preview dialog');
    await dialog.getByLabel('Days the link works').fill('3');
    await dialog.getByLabel('Label (optional)').fill('For the client');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByRole('textbox', { name: 'New share link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/preview/mhp_`));
    await expect(dialog.getByText('For the client')).toBeVisible();
    await checkA11y('the share preview dialog with a new link');

    // Someone with no account, in a browser of their own, at a phone's width.
    const stranger = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(link);
    await expect(strangerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(strangerPage.getByText('Preview — not published')).toBeVisible();
    await expectFitsViewport(strangerPage, "Masthead's preview page at 375 px");
    await expectNoSeriousA11yViolations(
      strangerPage,
      "Masthead's preview page for someone without an account",
    );
    expect(await stranger.cookies()).toEqual([]);

    await dialog.getByRole('button', { name: 'Revoke For the client' }).click();
    const question = page.getByRole('alertdialog', { name: 'Revoke this link?' });
    await checkA11y('the revoke question');
    await question.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(dialog.getByText('No live share links for this post.')).toBeVisible();
    const gone = await strangerPage.goto(link);
    expect(gone?.status()).toBe(410);
    await expect(strangerPage.getByRole('heading', { level: 1 })).toContainText(/revoked/i);
    await stranger.close();
  });
});
