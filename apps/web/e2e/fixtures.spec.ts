import { createPost, getPost, listPosts, managePost, uniqueTitle, updatePost } from './support/api';
import { DOMAINS } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { signIn, signInAs } from './support/sign-in';

/** The journeys' own set-up: the API helpers act as the signed-in user, with that user's role. */
test.describe('the journey fixtures', () => {
  test('should create, read, update, publish and list posts as the demo admin', async ({ page }) => {
    await signIn(page);
    const title = uniqueTitle('Fixture check');

    const created = await createPost(page, DOMAINS.blog, { title });
    expect(created).toMatchObject({ title, writtenBy: 'Demo Editor', fields: { client: 'Acme Corp' } });

    const { post, etag } = await getPost(page, DOMAINS.blog, created.id);
    expect(post.editorHtmlContent).toContain(title);
    const updated = await updatePost(
      page,
      DOMAINS.blog,
      created.id,
      { ...post, shortDescription: 'Changed' },
      etag,
    );
    expect(updated.post.shortDescription).toBe('Changed');
    await expect(updatePost(page, DOMAINS.blog, created.id, post, etag)).rejects.toThrow(/→ 412/);

    await managePost(page, DOMAINS.blog, created.id, 'APPROVAL', true);
    const published = await managePost(page, DOMAINS.blog, created.id, 'PUBLISH', true);
    expect(published).toMatchObject({ approved: true, published: true });

    const found = await listPosts(page, DOMAINS.blog, { search: title, status: 'published' });
    expect(found.entries.map((entry) => entry.id)).toEqual([created.id]);
    expect(await listPosts(page, DOMAINS.empty)).toMatchObject({ totalEntries: 0, entries: [] });
  });

  test('should let the author write on blog.example.com but not publish, nor see other domains', async ({
    page,
    author,
  }) => {
    await signInAs(page, author.email, author.password);

    const post = await createPost(page, DOMAINS.blog, { title: uniqueTitle('By Ann') });
    expect(post.writtenBy).toBe('Ann Author');
    await expect(managePost(page, DOMAINS.blog, post.id, 'APPROVAL', true)).rejects.toThrow(/→ 403/);
    await expect(listPosts(page, DOMAINS.news)).rejects.toThrow(/→ 403/);
  });
});
