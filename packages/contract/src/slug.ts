import { MAX_SLUG_LENGTH } from './constants.js';

/**
 * Blog slug (spec §5): lowercase, every run of characters other than letters and digits
 * becomes one hyphen, leading and trailing hyphens are trimmed. Letters and digits are
 * Unicode-aware so that "Über Café" keeps its letters. An empty result falls back to "post".
 */
export function blogSlug(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug === '' ? 'post' : slug;
}

/**
 * Tag and category slug (spec §5): lowercase, spaces become hyphens. Surrounding white space
 * is trimmed first and a run of white space becomes one hyphen, so "  New  York " → "new-york".
 */
export function tagSlug(displayName: string): string {
  return displayName.trim().toLowerCase().replace(/\s+/g, '-');
}
