import { blogSlug } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { lockSlugFamily, takenSlugs } from '../db/repositories/posts.repository.js';
import { isUniqueViolation } from '../lib/pg-errors.js';

const inFamily = (slug: string, base: string) =>
  slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));

/**
 * The first free slug of the family base, base-2, base-3… (DESIGN §3). A post that already has a
 * slug of its title's family keeps it, so its address does not move when another post frees "base".
 */
export async function freeSlug(
  db: Db,
  domainId: string,
  title: string,
  current?: { id: string; slug: string },
) {
  const base = blogSlug(title);
  if (current && inFamily(current.slug, base)) return current.slug;
  // 50 posts created at once with one title all succeed, as base, base-2 … base-50.
  await lockSlugFamily(db, domainId, base);
  const taken = await takenSlugs(db, domainId, base, current?.id);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * Runs a write that picks a slug; when a concurrent write took the same slug first, the unique
 * index refuses it and the write is tried again with a fresh look at the taken slugs.
 */
export async function withSlugRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}
