import { Readable } from 'node:stream';
import { ErrorLevel, SitemapIndexStream, SitemapStream } from 'sitemap';
import { postUrl } from '../../lib/post-url.js';

/** Only the sitemaps.org namespace: the posts carry no images, videos, news or alternates. */
const PLAIN = { news: false, video: false, image: false, xhtml: false };

/**
 * A `<urlset>` of the posts' addresses with their last change. The URLs come from a checked
 * pattern with the slug percent-encoded (lib/post-url.ts), so the library's checks only throw on a
 * bug, never on content.
 */
export function urlSetDocument(pattern: string, posts: { slug: string; updated_at: Date }[]) {
  const items = posts.map((post) => ({
    url: postUrl(pattern, post.slug)!,
    lastmod: post.updated_at.toISOString(),
  }));
  return Readable.from(items).pipe(new SitemapStream({ xmlns: PLAIN, level: ErrorLevel.THROW }));
}

/** A `<sitemapindex>` of the given sitemap pages. */
export function sitemapIndexDocument(pageUrls: string[]) {
  return Readable.from(pageUrls.map((url) => ({ url }))).pipe(
    new SitemapIndexStream({ level: ErrorLevel.THROW }),
  );
}
