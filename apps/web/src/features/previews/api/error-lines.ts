/**
 * The lines a failed call's body gives (DESIGN §3 error body): its `errors`, else its
 * `detailedMessage`; none when the call got no such body (network, timeout). The same rule as the
 * Integrations tab's, kept in this feature so that its chunks share no module with that tab's.
 */
export function errorLines(error: unknown): string[] {
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
