import { blogSlug } from '@masthead/contract/slug';

/** The server numbers clashing slugs (`title`, `title-2`, …) and keeps a slug of the title's family. */
function inFamily(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}

export interface SlugChange {
  /** The slug the post has (its saved one), or will get (a new post). */
  current: string;
  /** The slug the next save gives it, when that differs from the saved one. */
  next: string | null;
}

/**
 * What the slug line under the title shows. Saved posts keep their slug while the title stays in
 * the same family, as the server does (apps/server/src/services/blogs.service.ts).
 */
export function slugChange(title: string, savedSlug: string | undefined): SlugChange | null {
  if (title.trim() === '') return savedSlug ? { current: savedSlug, next: null } : null;
  const base = blogSlug(title);
  if (!savedSlug) return { current: base, next: null };
  return { current: savedSlug, next: inFamily(savedSlug, base) ? null : base };
}
