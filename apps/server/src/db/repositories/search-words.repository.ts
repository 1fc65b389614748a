import { sql } from 'kysely';
import type { Db } from '../database.js';

/**
 * A search word that starts more stored words than this stays a prefix match (`word:*`): past a
 * few dozen words, the posting lists GIN would merge cost about what the prefix's bitmap does.
 */
export const MAX_PREFIX_WORDS = 32;

/**
 * The words of a search (DESIGN §3): lower case, split on anything that is not a letter or digit,
 * 16 at most. Each must match the start of a word of the post.
 */
export function searchTerms(search: string): string[] {
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);
}

/**
 * Whether a search holds something but no word to look for: only punctuation, symbols or control
 * characters (`!!!`, NUL). Such a search matches no post (issue 29: it was taken as no search and
 * listed everything). An empty or blank one is no search at all.
 */
export function searchHasNoWord(search: string | undefined): boolean {
  return search !== undefined && search.trim() !== '' && searchTerms(search).length === 0;
}

/** One lexeme in tsquery input syntax: quoted, with its quotes doubled and backslashes escaped. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The first string after all those that start with `prefix`, in code-point ("C") order. */
export function prefixEnd(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop() ?? '';
  return chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/**
 * The four characters that start every search word of a domain's posts: the last three bytes of
 * the domain's id in base64, as `post_search_vector` computes them in SQL (migration
 * 2026-12-04T1500-search-words-by-domain, decision 029). The last bytes are random in every uuid
 * version, so that domains made in the same moment still get different keys.
 */
export function searchKeyOf(domainId: string): string {
  return Buffer.from(domainId.replace(/-/g, '').slice(-6), 'hex').toString('base64');
}

/**
 * A search in one domain as a tsquery (for `::tsquery`) that matches exactly the posts a prefix
 * search of every term matches, or null for no search. Each term becomes the domain's stored words
 * it starts (decision 027), looked up for all terms in one statement; a term that starts none, or
 * more than MAX_PREFIX_WORDS, stays a prefix. Every word carries the domain's key (decision 029).
 */
export async function searchTsQuery(db: Db, domainId: string, search: string): Promise<string | null> {
  const key = searchKeyOf(domainId);
  const terms = searchTerms(search).map((term) => key + term);
  if (terms.length === 0) return null;
  const { rows } = await sql<{ words: string[] }>`
    select array(
      select word from search_words
      where word >= t.prefix collate "C" and word < t.upto collate "C"
      order by word limit ${MAX_PREFIX_WORDS + 1}
    ) as words
    from unnest(${terms}::text[], ${terms.map(prefixEnd)}::text[]) with ordinality as t(prefix, upto, n)
    order by t.n`.execute(db);
  return terms
    .map((term, i) => {
      const words = rows[i]?.words ?? [];
      return words.length === 0 || words.length > MAX_PREFIX_WORDS
        ? `${quoteLexeme(term)}:*`
        : `(${words.map(quoteLexeme).join(' | ')})`;
    })
    .join(' & ');
}
