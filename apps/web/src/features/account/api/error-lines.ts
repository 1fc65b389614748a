/** What a refused account call says: its status and its error lines (DESIGN §3 body), if any. */
export function refusal(error: unknown): { status: number | string | undefined; lines: string[] } {
  if (typeof error !== 'object' || error === null) return { status: undefined, lines: [] };
  const { status, data } = error as { status?: number | string; data?: unknown };
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const lines = Array.isArray(body.errors)
    ? body.errors.filter((l): l is string => typeof l === 'string')
    : [];
  return { status, lines };
}

/** Whether one of the lines is about this field ("field: message", as the server writes them). */
export const aboutField = (lines: string[], field: string) => lines.some((l) => l.startsWith(`${field}:`));
