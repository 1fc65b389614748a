/**
 * A Cache-Control for an answer meant for one reader: `public` becomes `private` (or `private` is
 * added when neither is there), and `s-maxage`, which only shared caches read, goes. The rest
 * (max-age, stale-while-revalidate) still lets the reader's own cache keep it.
 */
export function privateCacheControl(base: string): string {
  const directives = base
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^s-maxage\s*=/i.test(directive))
    .map((directive) => (/^public$/i.test(directive) ? 'private' : directive));
  if (!directives.some((directive) => /^(private|no-store)$/i.test(directive))) directives.unshift('private');
  return directives.join(', ');
}
