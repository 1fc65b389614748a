/** What a failed call's body says (DESIGN §3 error body): its `errors`, else its `detailedMessage`. */
export function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const body = (error as { data: unknown }).data;
  if (typeof body !== 'object' || body === null) return undefined;
  const { errors, detailedMessage } = body as { errors?: unknown; detailedMessage?: unknown };
  const lines = Array.isArray(errors) ? errors.filter((line) => typeof line === 'string' && line) : [];
  if (lines.length > 0) return lines.join(' ');
  return typeof detailedMessage === 'string' && detailedMessage ? detailedMessage : undefined;
}

export const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error
    ? (error as { status: unknown }).status
    : undefined;
