import { Feed, type Category } from 'feed';
import type { FeedDomain, FeedPostRow } from '../../db/repositories/feed-posts.repository.js';
import { postUrl } from '../../lib/post-url.js';
import { attributeText, htmlText, xmlText } from './feed-text.js';

export type FeedFormat = 'rss' | 'atom';

/** A domain whose feeds can be written: it has a post address. */
export type AddressedDomain = FeedDomain & { postUrl: string };

/** The website's home: the origin of the post address. */
function siteUrl(pattern: string) {
  return new URL(pattern.replaceAll('{slug}', 'slug')).origin + '/';
}

function categoriesOf(post: FeedPostRow, format: FeedFormat): Category[] {
  const named = [
    ...(post.category_slug !== null
      ? [{ slug: post.category_slug, name: post.category_display_name ?? post.category_slug }]
      : []),
    ...post.tags.map((tag) => ({ slug: tag.slug, name: tag.display_name })),
  ];
  // RSS writes `name` as text. Atom writes `term` and, from `name`, `label` as attributes, which
  // `feed` leaves `<` in (feed-text.ts): a label that holds one is left out, and readers show the term.
  return named.map(({ slug, name }) =>
    format === 'rss'
      ? { name: xmlText(name) }
      : { term: attributeText(slug) ?? encodeURIComponent(slug), name: attributeText(name) },
  );
}

/**
 * The domain's RSS 2.0 or Atom 1.0 feed of `posts` (newest published first). Nothing in it depends
 * on the clock, so the same version of the domain gives the same bytes (a strong ETag).
 */
export function feedDocument(
  format: FeedFormat,
  domain: AddressedDomain,
  posts: FeedPostRow[],
  links: { rss: string; atom: string },
): string {
  const site = siteUrl(domain.postUrl);
  const name = xmlText(domain.name);
  const feed = new Feed({
    id: site,
    title: name,
    description: `The latest posts of ${name}`,
    link: site,
    updated: posts[0]?.published_at ?? new Date(0),
    generator: 'Masthead',
    copyright: '',
    feedLinks: links,
  });
  for (const post of posts) {
    const link = postUrl(domain.postUrl, post.slug)!;
    feed.addItem({
      title: htmlText(post.title),
      id: link,
      link,
      date: post.published_at ?? post.updated_at,
      description: post.short_description ? htmlText(post.short_description) : undefined,
      author: [{ name: xmlText(post.written_by) }],
      category: categoriesOf(post, format),
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}
