import type {
  BlogPost,
  BlogPostInput,
  BlogPostSummary,
  BlogStatus,
  ManageType,
  PagedResponse,
} from '@masthead/contract';
import { randomBytes } from 'node:crypto';
import { expect, type APIResponse, type Page } from '@playwright/test';
import { CLIENTS, DOMAINS } from './e2e-server';

/**
 * Quick set-up through the real REST API, as the signed-in user of `page` (signIn first): the
 * requests carry that user's access token, so roles apply as they do in the app. Every helper
 * fails the journey with the response's status and body when the call is refused.
 */

interface StoredUser {
  access_token?: string;
  profile?: { name?: string };
}

/** The user oidc-client-ts keeps in localStorage under "oidc.user:<authority>:<client_id>". */
async function storedUser(page: Page): Promise<StoredUser> {
  let user: StoredUser | undefined;
  await expect
    .poll(
      async () => {
        user = await page
          .evaluate(() => {
            for (let index = 0; index < localStorage.length; index++) {
              const key = localStorage.key(index);
              if (key?.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key) ?? '{}');
            }
            return undefined;
          })
          // The page may be between two documents (the sign-in callback); ask again.
          .catch(() => undefined);
        return user?.access_token;
      },
      { message: 'no signed-in user in localStorage: call signIn(page) first' },
    )
    .toBeTruthy();
  return user!;
}

/** The signed-in user's access token (oidc-client-ts renews it; this reads the current one). */
export async function accessToken(page: Page): Promise<string> {
  return (await storedUser(page)).access_token!;
}

async function call(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: {
    params?: Record<string, string | number | boolean>;
    data?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<APIResponse> {
  const response = await page.request.fetch(url, {
    method,
    params: options.params,
    data: options.data,
    headers: { authorization: `Bearer ${await accessToken(page)}`, ...options.headers },
  });
  if (!response.ok()) {
    throw new Error(
      `${method} ${url} ${JSON.stringify(options.params ?? {})} → ${response.status()}: ${await response.text()}`,
    );
  }
  return response;
}

/** Fields the demo makes required, filled in when a post does not give them. */
const REQUIRED_FIELDS: Record<string, BlogPostInput['fields']> = {
  [DOMAINS.blog]: { client: CLIENTS[0] },
};

/**
 * A title no other journey uses: the prefix and a random word of letters, which the post search
 * (word prefixes) finds like any other word.
 */
export function uniqueTitle(prefix: string): string {
  const word = Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix} ${word}`;
}

export type NewPost = BlogPostInput & { title: string };

/**
 * Creates a draft post (POST /cms/blogs/info). Only `title` is needed: the content defaults to a
 * paragraph, `writtenBy` to the signed-in user's name, and blog.example.com's required `client`
 * field to "Acme Corp". Use a unique title per journey (journeys share their worker's server):
 * uniqueTitle().
 */
export async function createPost(page: Page, domain: string, post: NewPost): Promise<BlogPost> {
  const { profile } = await storedUser(page);
  const data: BlogPostInput = {
    editorHtmlContent: `<p>${post.title}, written by a journey.</p>`,
    writtenBy: profile?.name ?? 'Journey',
    ...post,
    fields: { ...REQUIRED_FIELDS[domain], ...post.fields },
  };
  const response = await call(page, 'POST', '/cms/blogs/info', { params: { domain }, data });
  return (await response.json()) as BlogPost;
}

/** One post with its content, and its ETag (the version a PUT sends as If-Match). */
export async function getPost(
  page: Page,
  domain: string,
  id: string,
): Promise<{ post: BlogPost; etag: string }> {
  const response = await call(page, 'GET', `/cms/blogs/info/${id}`, { params: { domain } });
  return { post: (await response.json()) as BlogPost, etag: response.headers().etag ?? '' };
}

/**
 * Replaces a draft post's content (PUT /cms/blogs/info/{id}). With `ifMatch`, the server refuses a
 * stale version with 412: a journey can make "someone else saved first" happen this way.
 */
export async function updatePost(
  page: Page,
  domain: string,
  id: string,
  post: BlogPostInput,
  ifMatch?: string,
): Promise<{ post: BlogPost; etag: string }> {
  const response = await call(page, 'PUT', `/cms/blogs/info/${id}`, {
    params: { domain },
    data: post,
    headers: ifMatch ? { 'if-match': ifMatch } : {},
  });
  return { post: (await response.json()) as BlogPost, etag: response.headers().etag ?? '' };
}

/** Approves, unapproves, publishes or unpublishes (PUT /cms/blogs/manage/{id}); editors and admins only. */
/** Deletes a post (DELETE /cms/blogs/info/{id}), e.g. one a journey made on a domain others expect empty. */
export async function deletePost(page: Page, domain: string, id: string): Promise<void> {
  await call(page, 'DELETE', `/cms/blogs/info/${id}`, { params: { domain } });
}

export async function managePost(
  page: Page,
  domain: string,
  id: string,
  type: ManageType,
  value: boolean,
): Promise<BlogPost> {
  const response = await call(page, 'PUT', `/cms/blogs/manage/${id}`, { params: { domain, type, value } });
  return (await response.json()) as BlogPost;
}

export interface PostListQuery {
  page?: number;
  numberOfEntries?: number;
  search?: string;
  status?: BlogStatus;
  /** `field.<key>`: a filterable select field's value, e.g. { 'field.client': 'Globex' }. */
  [field: `field.${string}`]: string;
}

/** A page of posts, last modified first (GET /cms/blogs/all). */
export async function listPosts(
  page: Page,
  domain: string,
  query: PostListQuery = {},
): Promise<PagedResponse<BlogPostSummary>> {
  const params: Record<string, string | number> = { domain };
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params[key] = value;
  const response = await call(page, 'GET', '/cms/blogs/all', { params });
  return (await response.json()) as PagedResponse<BlogPostSummary>;
}
