/**
 * A write load for the crash test: several clients, each with its own posts and tags so that what
 * it was told is the whole truth about them. Every 2xx answer goes into the client's ledger; a
 * request that got no answer (the server died under it) is "in doubt": it may or may not have
 * happened, and the check after the restart accepts either, but nothing in between.
 */

export interface PostState {
  id: string;
  title: string;
  editorHtmlContent: string;
  tagIds: string[];
  approved: boolean;
  published: boolean;
  version: number;
  /** A tag delete bumps the post's version by a number we were not told: then version is a minimum. */
  versionExact: boolean;
}

export interface ApiPost {
  id: string;
  title: string;
  editorHtmlContent: string;
  tags: { id: string }[];
  approved: boolean;
  published: boolean;
}

export type Doubt =
  | { kind: 'create post'; title: string; tagIds: string[] }
  | { kind: 'create tag'; name: string }
  | { kind: 'delete tag'; tagId: string }
  | { kind: 'post'; before: PostState; after: Partial<PostState> | 'deleted' };

export interface Target {
  baseUrl: string;
  domain: string;
  token: string;
}

const random = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export function stateOf(post: ApiPost, version: number): PostState {
  return {
    id: post.id,
    title: post.title,
    editorHtmlContent: post.editorHtmlContent,
    tagIds: post.tags.map((t) => t.id).sort(),
    approved: post.approved,
    published: post.published,
    version,
    versionExact: true,
  };
}

class Unexpected extends Error {}
class Unavailable extends Error {}

export interface LoadOptions {
  /**
   * The server stays up while its database goes away (the outage test): a 503 ends the run with
   * its write in doubt, as a kill does in the crash test, and a request that gets no answer at
   * all is a failure.
   */
  databaseOutage?: boolean;
}

/** One client: a loop of random writes on its own posts and tags until the server goes away. */
export class LoadClient {
  readonly posts = new Map<string, PostState>();
  readonly tags = new Map<string, string>(); // id -> name
  readonly deletedPosts = new Set<string>();
  readonly deletedTags = new Set<string>();
  acknowledged = 0;
  /** 503 answers (only with databaseOutage). */
  unavailable = 0;
  doubt: Doubt | undefined;
  private seq = 0;
  private stopped = false;

  constructor(
    readonly name: string,
    private readonly target: () => Target,
    private readonly options: LoadOptions = {},
  ) {}

  /** Ends the run after the write under way. */
  stop() {
    this.stopped = true;
  }

  async call(method: string, path: string, body?: unknown, ifMatch?: number) {
    const { baseUrl, domain, token } = this.target();
    const sep = path.includes('?') ? '&' : '?';
    const response = await fetch(`${baseUrl}${path}${sep}domain=${domain}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status === 503 && this.options.databaseOutage) {
      this.unavailable++;
      if (!response.headers.get('retry-after'))
        throw new Unexpected(`${method} ${path} answered 503 without Retry-After: ${text}`);
      throw new Unavailable(text);
    }
    if (response.status >= 300)
      throw new Unexpected(`${method} ${path} answered ${response.status}: ${text}`);
    this.acknowledged++;
    const etag = response.headers.get('etag');
    return {
      body: text ? (JSON.parse(text) as unknown) : undefined,
      version: etag ? Number(etag.slice(1, -1)) : 0,
    };
  }

  private nextName(what: string) {
    return `${this.name} ${what} ${++this.seq}`;
  }

  private someTags() {
    const ids = [...this.tags.keys()];
    return ids.filter(() => Math.random() < 0.4).slice(0, 4);
  }

  private content(title: string) {
    return `<p>${title}, revision ${Math.random().toString(36).slice(2, 10)}.</p>`;
  }

  private async createPost() {
    const title = this.nextName('post');
    const tags = this.someTags();
    this.doubt = { kind: 'create post', title, tagIds: [...tags].sort() };
    const { body, version } = await this.call('POST', '/cms/blogs/info', {
      title,
      writtenBy: this.name,
      editorHtmlContent: this.content(title),
      tags,
    });
    const post = stateOf(body as ApiPost, version);
    this.posts.set(post.id, post);
  }

  private async updatePost(post: PostState) {
    const title = this.nextName('post');
    const content = this.content(title);
    const tags = this.someTags();
    this.doubt = {
      kind: 'post',
      before: post,
      after: { title, editorHtmlContent: content, tagIds: [...tags].sort(), version: post.version + 1 },
    };
    const { body, version } = await this.call(
      'PUT',
      `/cms/blogs/info/${post.id}`,
      { title, writtenBy: this.name, editorHtmlContent: content, tags },
      post.version,
    );
    this.posts.set(post.id, stateOf(body as ApiPost, version));
  }

  private async workflow(post: PostState) {
    const step = !post.approved
      ? { type: 'APPROVAL', value: true, after: { approved: true } }
      : post.published
        ? { type: 'PUBLISH', value: false, after: { published: false } }
        : random([
            { type: 'PUBLISH', value: true, after: { published: true } },
            { type: 'APPROVAL', value: false, after: { approved: false } },
          ]);
    this.doubt = { kind: 'post', before: post, after: step.after };
    const { body, version } = await this.call(
      'PUT',
      `/cms/blogs/manage/${post.id}?type=${step.type}&value=${step.value}`,
    );
    this.posts.set(post.id, stateOf(body as ApiPost, version));
  }

  private async deletePost(post: PostState) {
    this.doubt = { kind: 'post', before: post, after: 'deleted' };
    await this.call('DELETE', `/cms/blogs/info/${post.id}`);
    this.posts.delete(post.id);
    this.deletedPosts.add(post.id);
  }

  private async createTag() {
    const name = this.nextName('tag');
    this.doubt = { kind: 'create tag', name };
    const { body } = await this.call('POST', '/cms/tags/info', { tagDisplayName: name });
    this.tags.set((body as { id: string }).id, name);
  }

  private async deleteTag(tagId: string) {
    this.doubt = { kind: 'delete tag', tagId };
    await this.call('DELETE', `/cms/tags/info/${tagId}`);
    this.forgetTag(tagId);
  }

  /** A deleted tag leaves its posts, which get a new version. */
  forgetTag(tagId: string) {
    this.tags.delete(tagId);
    this.deletedTags.add(tagId);
    for (const post of this.posts.values()) {
      if (!post.tagIds.includes(tagId)) continue;
      post.tagIds = post.tagIds.filter((id) => id !== tagId);
      post.version += 1;
      post.versionExact = false;
    }
  }

  private async step() {
    const posts = [...this.posts.values()];
    const drafts = posts.filter((p) => !p.approved && !p.published);
    const roll = Math.random();
    if (this.tags.size < 3 || roll < 0.1) return this.createTag();
    if (posts.length < 3 || roll < 0.35) return this.createPost();
    if (roll < 0.6 && drafts.length > 0) return this.updatePost(random(drafts));
    if (roll < 0.8) return this.workflow(random(posts));
    if (roll < 0.9 && drafts.length > 0) return this.deletePost(random(drafts));
    if (this.tags.size > 3) return this.deleteTag(random([...this.tags.keys()]));
    return this.createTag();
  }

  /**
   * Writes until a request gets no answer (the server was killed), which is left in doubt. Any
   * answer other than a 2xx means the ledger and the server disagree: that is a failure. With
   * databaseOutage, a 503 ends the run in doubt instead, and no answer is a failure.
   */
  async run(): Promise<void> {
    this.stopped = false;
    while (!this.stopped) {
      try {
        await this.step();
        this.doubt = undefined;
      } catch (error) {
        if (error instanceof Unexpected) throw error;
        if (error instanceof Unavailable || !this.options.databaseOutage) return;
        throw new Error(`${this.name}: a request got no answer while the database was away`, {
          cause: error,
        });
      }
    }
  }
}
