import { accessToken, createPost, managePost, uniqueTitle } from './support/api';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signIn } from './support/sign-in';
import { startWebsite } from './support/website';

/**
 * Issue 20: a website on another origin reads a domain's published posts with `fetch` and a
 * content key whose origins list it; a website on an origin the key does not list is refused by
 * the browser itself (no Access-Control-Allow-Origin), and its page says so.
 */
test.describe('the delivery API from a website', () => {
  test('should show the published posts on a listed origin, and be refused on another', async ({
    page,
    server,
    checkA11y,
  }) => {
    const listed = await startWebsite();
    const other = await startWebsite();
    try {
      await signIn(page);
      const title = uniqueTitle('Delivered');
      const word = title.split(' ')[1]!;
      const post = await createPost(page, DOMAINS.blog, { title });
      await managePost(page, DOMAINS.blog, post.id, 'APPROVAL', true);
      await managePost(page, DOMAINS.blog, post.id, 'PUBLISH', true);
      await createPost(page, DOMAINS.blog, { title: `${title} draft` });

      // A key for blog.example.com that lists the first website's origin (POST /cms/content-keys).
      const created = await page.request.post('/cms/content-keys', {
        params: { domain: DOMAINS.blog },
        headers: { authorization: `Bearer ${await accessToken(page)}` },
        data: { name: 'Website', origins: [listed.origin] },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { key } = (await created.json()) as { key: string };

      for (const headerKey of [false, true]) {
        listed.show({ api: server.url, key, search: word, headerKey });
        await page.goto(listed.origin);
        await expect(page.getByRole('status')).toHaveText('1 posts');
        await expect(page.getByRole('listitem')).toHaveText([title]);
      }
      await checkA11y('a website reading the delivery API');

      other.show({ api: server.url, key, search: word });
      const refused = page.waitForEvent('console', (message) => message.text().includes('CORS'));
      await page.goto(other.origin);
      await expect(page.getByRole('status')).toHaveText(/^Could not load the posts: /);
      await expect(page.getByRole('listitem')).toHaveCount(0);
      await refused;
    } finally {
      await listed.close();
      await other.close();
    }
  });
});
