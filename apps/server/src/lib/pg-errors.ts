/** PostgreSQL's SQLSTATE for a unique-index violation, from pg and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
