/** PostgreSQL's SQLSTATE for a unique-index violation, from pg and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * PostgreSQL's SQLSTATEs for text it cannot store (a NUL character, or one the encoding lacks).
 * Such text can only come from a request, so it is the client's error, not the server's.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '22021' || code === '22P05';
}
