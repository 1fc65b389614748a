import { stateOf, type ApiPost, type LoadClient, type PostState, type Target } from './write-load.js';

/**
 * The check after a restart: every write a client was told succeeded is there as it was told, the
 * write in doubt happened whole or not at all, and nothing in the domain is half-done or unknown.
 */

async function read(target: Target, path: string) {
  const sep = path.includes('?') ? '&' : '?';
  const response = await fetch(`${target.baseUrl}${path}${sep}domain=${target.domain}`, {
    headers: { authorization: `Bearer ${target.token}` },
  });
  const etag = response.headers.get('etag');
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    version: etag ? Number(etag.slice(1, -1)) : 0,
  };
}

async function allPosts(target: Target) {
  const posts: ApiPost[] = [];
  for (let page = 0; ; page++) {
    const { body } = await read(target, `/cms/blogs/all?page=${page}&numberOfEntries=100`);
    const { entries, totalPages } = body as { entries: ApiPost[]; totalPages: number };
    posts.push(...entries);
    if (page + 1 >= totalPages) return posts;
  }
}

const sameContent = (a: PostState, b: Omit<PostState, 'id' | 'version' | 'versionExact'>) =>
  a.title === b.title &&
  a.editorHtmlContent === b.editorHtmlContent &&
  a.approved === b.approved &&
  a.published === b.published &&
  a.tagIds.join() === b.tagIds.join();

function describePost(post: PostState) {
  const { title, tagIds, approved, published, version } = post;
  return JSON.stringify({ title, tags: tagIds.length, approved, published, version });
}

export interface CheckResult {
  /** Posts, deleted posts, tags and deleted tags compared with what the clients were told. */
  checked: number;
  /** Writes that got no answer, found whole or not at all. */
  inDoubt: number;
  problems: string[];
}

export async function checkAfterRestart(target: Target, clients: LoadClient[]): Promise<CheckResult> {
  const problems: string[] = [];
  const tagList = (await read(target, '/cms/tags/list')).body as { id: string; tagDisplayName: string }[];
  const tagIds = new Set(tagList.map((t) => t.id));
  let inDoubt = 0;

  // 1. The write in doubt: whole or not at all. What the server holds becomes the ledger's truth.
  for (const client of clients) {
    const doubt = client.doubt;
    client.doubt = undefined;
    if (!doubt) continue;
    inDoubt++;
    if (doubt.kind === 'create tag') {
      const found = tagList.find((t) => t.tagDisplayName === doubt.name);
      if (found) client.tags.set(found.id, found.tagDisplayName);
    } else if (doubt.kind === 'delete tag') {
      if (!tagIds.has(doubt.tagId)) client.forgetTag(doubt.tagId);
    } else if (doubt.kind === 'create post') {
      const found = (await allPosts(target)).find((p) => p.title === doubt.title);
      if (!found) continue;
      const { body, version } = await read(target, `/cms/blogs/info/${found.id}`);
      const post = stateOf(body as ApiPost, version);
      if (post.tagIds.join() !== doubt.tagIds.join())
        problems.push(
          `${client.name}: the post created in doubt has tags ${post.tagIds} instead of ${doubt.tagIds}`,
        );
      client.posts.set(post.id, post);
    } else {
      const { before, after } = doubt;
      const { status, body, version } = await read(target, `/cms/blogs/info/${before.id}`);
      if (status === 404 && after === 'deleted') {
        client.posts.delete(before.id);
        client.deletedPosts.add(before.id);
        continue;
      }
      if (status !== 200) {
        problems.push(`${client.name}: post ${before.id} answered ${status} after a write in doubt`);
        client.posts.delete(before.id);
        continue;
      }
      const actual = stateOf(body as ApiPost, version);
      const unchanged =
        sameContent(actual, before) &&
        (before.versionExact ? version === before.version : version >= before.version);
      const changed =
        after !== 'deleted' && sameContent(actual, { ...before, ...after }) && version > before.version;
      if (!unchanged && !changed)
        problems.push(
          `${client.name}: post ${before.id} half-changed: ${describePost(actual)}, ` +
            `was ${describePost(before)}, attempted ${JSON.stringify(after)}`,
        );
      client.posts.set(actual.id, actual);
    }
  }

  // 2. Every acknowledged write, as acknowledged.
  let checked = 0;
  for (const client of clients) {
    for (const expected of client.posts.values()) {
      checked++;
      const { status, body, version } = await read(target, `/cms/blogs/info/${expected.id}`);
      if (status !== 200) {
        problems.push(`${client.name}: acknowledged post ${expected.id} answered ${status}: LOST`);
        continue;
      }
      const actual = stateOf(body as ApiPost, version);
      const versionOk = expected.versionExact ? version === expected.version : version >= expected.version;
      if (!sameContent(actual, expected) || !versionOk)
        problems.push(
          `${client.name}: post ${expected.id} is ${describePost(actual)}, acknowledged ${describePost(expected)}`,
        );
      client.posts.set(actual.id, actual);
    }
    for (const id of client.deletedPosts) {
      checked++;
      const { status } = await read(target, `/cms/blogs/info/${id}`);
      if (status !== 404) problems.push(`${client.name}: deleted post ${id} answered ${status}`);
    }
    for (const [id, name] of client.tags) {
      checked++;
      if (!tagList.some((t) => t.id === id && t.tagDisplayName === name))
        problems.push(`${client.name}: acknowledged tag "${name}" is missing: LOST`);
    }
    for (const id of client.deletedTags) {
      checked++;
      if (tagIds.has(id)) problems.push(`${client.name}: deleted tag ${id} is back`);
    }
  }

  // 3. Nothing half-done or unknown anywhere in the domain.
  const known = new Set(clients.flatMap((c) => [...c.posts.keys()]));
  for (const post of await allPosts(target)) {
    if (!known.has(post.id)) problems.push(`post "${post.title}" exists but was never acknowledged`);
    if (post.published && !post.approved) problems.push(`post "${post.title}" is published but not approved`);
    for (const tag of post.tags)
      if (!tagIds.has(tag.id)) problems.push(`post "${post.title}" links to the missing tag ${tag.id}`);
  }
  return { checked, inDoubt, problems };
}
