/**
 * The lines a failed call's body gives (DESIGN §3 error body): its `errors` (one per refused
 * field, e.g. "origins[1]: must be a browser origin…"), else its `detailedMessage`; none when the
 * call got no such body (network, timeout). The same rule as features/taxonomy/api/server-message.ts,
 * kept here so that this tab's chunk does not share a module with the /metadata route's.
 */
export function serverLines(error: unknown): string[] {
  if (typeof error !== 'object' || error === null || !('data' in error)) return [];
  const body = (error as { data: unknown }).data;
  if (typeof body !== 'object' || body === null) return [];
  const { errors, detailedMessage } = body as { errors?: unknown; detailedMessage?: unknown };
  const lines = Array.isArray(errors)
    ? errors.filter((line): line is string => typeof line === 'string' && line !== '')
    : [];
  if (lines.length > 0) return lines;
  return typeof detailedMessage === 'string' && detailedMessage ? [detailedMessage] : [];
}
