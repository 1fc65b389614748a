import { randomBytes } from 'node:crypto';
import { startSite } from '../../../examples/site/src/site';
import { accessToken, createPost, managePost, uniqueTitle } from './support/api';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { expectFitsViewport } from './support/layout';
import { signIn } from './support/sign-in';

/**
 * Issue 30: examples/site, on an origin of its own, renders blog.example.com's published posts from
 * the real server through @masthead/client. Every kind of page is accessible (axe) and fits a
 * 375 px screen. (Its webhooks and previews are tested in apps/server/test/client.)
 */
test.describe('the example site', () => {
  test('should show the published posts on every page, accessible and within 375 px', async ({
    page,
    server,
    checkA11y,
  }) => {
    await signIn(page);
    const title = uniqueTitle('On the example site');
    const post = await createPost(page, DOMAINS.blog, { title });
    await managePost(page, DOMAINS.blog, post.id, 'APPROVAL', true);
    await managePost(page, DOMAINS.blog, post.id, 'PUBLISH', true);
    const created = await page.request.post('/cms/content-keys', {
      params: { domain: DOMAINS.blog },
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      data: { name: 'Example site', origins: [] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const site = await startSite({
      mastheadUrl: server.url,
      key,
      domain: DOMAINS.blog,
      // The demo publishes fewer than ten posts: small pages, so that there is a second one.
      pageSize: 3,
      // No webhook in this journey: any well-formed secret.
      webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
    });
    try {
      await page.setViewportSize({ width: 375, height: 740 });
      const checkPage = async (what: string) => {
        await checkA11y(`example site: ${what}`);
        await expectFitsViewport(page, `example site: ${what}`);
      };

      await page.goto(site.url);
      await expect(page.getByRole('heading', { level: 1, name: 'Latest posts' })).toBeVisible();
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await checkPage('home');

      await page.getByRole('link', { name: 'Older posts' }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(page.getByRole('link', { name: 'Newer posts' })).toBeVisible();
      await checkPage('home, page 2');

      await page.goto(site.url);
      await page.getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`${title}, written by a journey.`)).toBeVisible();
      await checkPage('a post');

      for (const [section, heading] of [
        ['Tags', /^Posts tagged “.+”$/],
        ['Categories', /^Posts in .+$/],
      ] as const) {
        await page.goto(site.url);
        await page.getByRole('region', { name: section }).getByRole('link').first().click();
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await checkPage(`a page of ${section.toLowerCase()}`);
      }

      await page.goto(`${site.url}/posts/no-such-post`);
      await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
      await checkPage('not found');
    } finally {
      await site.close();
    }
  });
});
