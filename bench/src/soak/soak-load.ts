import type { Dataset } from '../database.js';
import { CLIENTS } from '../fill.js';
import type { Writer } from '../text.js';

/** One answered (or failed) request, as the minute's statistics need it. */
export interface Outcome {
  action: string;
  status: number;
  ms: number;
  /** A non-2xx that the design expects here (a 412 for a raced If-Match on the shared post). */
  expected: boolean;
  detail?: string;
}

interface OwnPost {
  id: string;
  etag?: string;
  approved: boolean;
  published: boolean;
}

interface LoadOptions {
  url: string;
  token: string;
  data: Dataset;
  writer: Writer;
  /** Most posts one connection keeps of its own. */
  ownPosts: number;
  /** Draft posts every connection edits with If-Match, so that edits race. */
  sharedPosts: string[];
  record: (outcome: Outcome) => void;
  until: () => boolean;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

/**
 * One connection's loop: lists, searches and reads, creates, updates with If-Match, workflow changes
 * and deletes of its own posts, and If-Match edits of shared posts that race with the others.
 */
export async function runConnection(options: LoadOptions) {
  const { url, token, data, writer, record } = options;
  const query = (params: Record<string, string | number> = {}) =>
    new URLSearchParams({ domain: data.host, ...params } as Record<string, string>).toString();
  const own: OwnPost[] = [];

  async function send(
    action: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    expect: (status: number) => 'ok' | 'expected' | 'error' = (s) => (s >= 200 && s < 300 ? 'ok' : 'error'),
  ) {
    const t0 = performance.now();
    try {
      const response = await fetch(url + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      const verdict = expect(response.status);
      record({
        action,
        status: response.status,
        ms: performance.now() - t0,
        expected: verdict === 'expected',
        ...(verdict === 'error'
          ? { detail: `${method} ${path} → ${response.status} ${text.slice(0, 200)}` }
          : {}),
      });
      return verdict === 'ok' ? { response, text } : undefined;
    } catch (error) {
      record({ action, status: 0, ms: performance.now() - t0, expected: false, detail: String(error) });
      return undefined;
    }
  }

  function newPost() {
    const post = writer.post();
    return {
      title: `${post.title} ${Math.random().toString(36).slice(2, 8)}`,
      shortDescription: post.shortDescription,
      editorHtmlContent: post.html,
      editorTextString: post.text,
      editorState: post.state,
      tags: [pick(data.tagIds), pick(data.tagIds)].filter((id, i, all) => all.indexOf(id) === i),
      category: pick(data.categoryIds),
      fields: { client: pick(CLIENTS) },
      writtenBy: 'Soak',
    };
  }

  async function create() {
    const created = await send('create', 'POST', `/cms/blogs/info?${query()}`, newPost());
    if (!created) return;
    const { id } = JSON.parse(created.text) as { id: string };
    own.push({
      id,
      etag: created.response.headers.get('etag') ?? undefined,
      approved: false,
      published: false,
    });
  }

  async function getForEdit(action: string, id: string) {
    const got = await send(action, 'GET', `/cms/blogs/info/${id}?${query()}`);
    return got?.response.headers.get('etag') ?? undefined;
  }

  async function update(post: OwnPost) {
    post.etag ??= await getForEdit('get for edit', post.id);
    const body = { ...newPost(), title: `Edited ${Math.random().toString(36).slice(2, 10)}` };
    const headers: Record<string, string> = post.etag ? { 'if-match': post.etag } : {};
    const saved = await send('update', 'PUT', `/cms/blogs/info/${post.id}?${query()}`, body, headers);
    post.etag = saved?.response.headers.get('etag') ?? undefined;
  }

  /** Every connection edits the same few posts: the If-Match of a GET may be stale by its PUT. */
  async function updateShared() {
    const id = pick(options.sharedPosts);
    const etag = await getForEdit('get shared', id);
    if (!etag) return;
    const body = { ...newPost(), title: `Shared ${Math.random().toString(36).slice(2, 10)}` };
    await send('update shared', 'PUT', `/cms/blogs/info/${id}?${query()}`, body, { 'if-match': etag }, (s) =>
      s === 200 ? 'ok' : s === 412 ? 'expected' : 'error',
    );
  }

  /** The workflow forward and back: approve, publish, unpublish, unapprove. */
  async function workflow(post: OwnPost) {
    const [type, value] = !post.approved
      ? ['APPROVAL', true]
      : !post.published
        ? Math.random() < 0.5
          ? ['PUBLISH', true]
          : ['APPROVAL', false]
        : ['PUBLISH', false];
    const done = await send(
      'workflow',
      'PUT',
      `/cms/blogs/manage/${post.id}?${query({ type, value: String(value) })}`,
    );
    if (!done) return;
    if (type === 'APPROVAL') post.approved = value as boolean;
    else post.published = value as boolean;
    post.etag = undefined;
  }

  /** Deletes a post of its own, taking it back to draft first as the workflow requires. */
  async function remove(post: OwnPost) {
    if (post.published) await workflow(post);
    if (post.approved && !post.published) {
      await send(
        'workflow',
        'PUT',
        `/cms/blogs/manage/${post.id}?${query({ type: 'APPROVAL', value: 'false' })}`,
      );
      post.approved = false;
    }
    if (await send('delete', 'DELETE', `/cms/blogs/info/${post.id}?${query()}`)) {
      own.splice(own.indexOf(post), 1);
    }
  }

  while (!options.until()) {
    const roll = Math.random();
    const drafts = own.filter((p) => !p.approved && !p.published);
    if (roll < 0.25) {
      await send('list', 'GET', `/cms/blogs/all?${query({ page: Math.floor(Math.random() * 5) })}`);
    } else if (roll < 0.4) {
      const search = Math.random() < 0.5 ? data.searches.one : data.searches.two;
      await send('search', 'GET', `/cms/blogs/all?${query({ search })}`);
    } else if (roll < 0.45) {
      await send('tag list', 'GET', `/cms/tags/all?${query({ page: 0 })}`);
    } else if (roll < 0.6) {
      await send('get by id', 'GET', `/cms/blogs/info/${pick(data.idPool)}?${query()}`);
    } else if (roll < 0.7) {
      if (own.length < options.ownPosts) await create();
      else await remove(pick(own));
    } else if (roll < 0.8) {
      if (drafts.length > 0) await update(pick(drafts));
      else await create();
    } else if (roll < 0.85) {
      await updateShared();
    } else if (roll < 0.95) {
      if (own.length > 0) await workflow(pick(own));
      else await create();
    } else if (own.length > 0) {
      await remove(pick(own));
    }
  }
  // Leave the domain as it was found.
  for (const post of [...own]) await remove(post);
}
