import type { MastheadClient } from '@masthead/client';
import { MastheadError } from '@masthead/client';
import type { SafeHtml } from './html.js';
import { notFoundMain, previewGoneMain, unavailableMain } from './pages/errors.js';
import { homeMain, topicMain } from './pages/home.js';
import { layout, type SiteFrame } from './pages/layout.js';
import { categoryPath, tagPath } from './pages/paths.js';
import { postMain, previewBanner } from './pages/post.js';

/** A page to send: its status, its document, and whether it is a preview (headers of its own). */
export interface Page {
  status: number;
  body: string;
  preview?: boolean;
  retryAfter?: number | null;
}

export interface Pages {
  frame: SiteFrame;
  client: MastheadClient;
  pageSize: number;
  log: (message: string) => void;
}

/** `?page=`: absent is 1; anything but 1–1001 is no page of this site (a 404). */
export function pageNumber(search: URLSearchParams): number | null {
  const text = search.get('page');
  if (text === null) return 1;
  return /^[1-9]\d{0,3}$/.test(text) && Number(text) <= 1001 ? Number(text) : null;
}

/** A path segment decoded, or null when it is not valid percent-encoding. */
export function segment(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

const document = (pages: Pages, status: number, title: string, main: SafeHtml, extra = {}): Page => ({
  status,
  body: layout(pages.frame, { title, main, ...extra }),
});

export const notFound = (pages: Pages, what?: string) =>
  document(pages, 404, 'Not found', notFoundMain(what));

/**
 * The one place where Masthead's errors become pages: what the key cannot see (404) or a parameter
 * the API refuses (400) is no page here; a busy server is a 503 with its Retry-After; anything else
 * (a revoked key, no answer) is logged and shown as unavailable, never with its details.
 */
export function failurePage(pages: Pages, error: unknown): Page {
  if (error instanceof MastheadError && (error.status === 404 || error.status === 400))
    return notFound(pages);
  const busy = error instanceof MastheadError && (error.status === 429 || error.status === 503);
  if (!busy) pages.log(`Masthead: ${error instanceof Error ? error.message : String(error)}`);
  return {
    ...document(pages, busy ? 503 : 502, 'Unavailable', unavailableMain()),
    retryAfter: busy ? (error as MastheadError).retryAfter : null,
  };
}

export async function homePage(pages: Pages, page: number): Promise<Page> {
  const [list, tags, categories] = await Promise.all([
    pages.client.posts({ page, limit: pages.pageSize }),
    pages.client.tags({ limit: 100 }),
    pages.client.categories({ limit: 100 }),
  ]);
  if (page > 1 && list.posts.length === 0) return notFound(pages);
  return document(pages, 200, pages.frame.siteTitle, homeMain(list, tags, categories));
}

export async function postPage(pages: Pages, slug: string): Promise<Page> {
  const post = await pages.client.postBySlug(slug);
  return document(pages, 200, post.title, postMain(post), { canonical: post.url });
}

/** A tag's or a category's posts; its name comes from the posts (only used ones are listed). */
export async function topicPage(pages: Pages, kind: 'tag' | 'category', slug: string, page: number) {
  const filter = kind === 'tag' ? { tag: slug } : { category: slug };
  const list = await pages.client.posts({ ...filter, page, limit: pages.pageSize });
  const name =
    kind === 'tag'
      ? list.posts[0]?.tags.find((tag) => tag.slug === slug)?.name
      : list.posts[0]?.category?.name;
  if (list.posts.length === 0 || name === undefined) return notFound(pages);
  const heading = kind === 'tag' ? `Posts tagged “${name}”` : `Posts in ${name}`;
  const path = kind === 'tag' ? tagPath(slug) : categoryPath(slug);
  return document(pages, 200, heading, topicMain(heading, path, list));
}

/**
 * A draft as the site will show it, with the banner: read with the token from the address (never a
 * cookie), never cached. A token that is not valid, expired or revoked gets a page that says so.
 */
export async function previewPage(pages: Pages, token: string | null): Promise<Page> {
  const gone = (): Page => ({
    ...document(pages, 404, 'Preview not available', previewGoneMain()),
    preview: true,
  });
  if (!token || token.length > 200) return gone();
  try {
    const preview = await pages.client.preview(token);
    return {
      ...document(pages, 200, `Preview: ${preview.title}`, postMain(preview), {
        banner: previewBanner(preview),
      }),
      preview: true,
    };
  } catch (error) {
    if (error instanceof MastheadError && (error.status === 404 || error.status === 400)) return gone();
    return { ...failurePage(pages, error), preview: true };
  }
}
