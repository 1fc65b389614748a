/**
 * A failed call as RTK Query rejects with it (`{ status, data }`), read one way everywhere: the
 * error body of DESIGN §3 (`error`, `errors`, `detailedMessage`) when the server sent one, nothing
 * when the call got no answer (a network error, a timeout). In the first chunk (the error toast
 * uses it), so every screen's chunk shares it without a chunk of its own.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const said = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const bodyOf = (failure: unknown) => (isRecord(failure) && isRecord(failure.data) ? failure.data : {});

/** The HTTP status, or RTK Query's word for a call without an answer (FETCH_ERROR, TIMEOUT_ERROR). */
export function failureStatus(failure: unknown): number | string | undefined {
  const status = isRecord(failure) ? failure.status : undefined;
  return typeof status === 'number' || typeof status === 'string' ? status : undefined;
}

/** The body's `error`: the answer's title ("Bad Request"). */
export function failureTitle(failure: unknown): string | undefined {
  const { error } = bodyOf(failure);
  return said(error) ? error : undefined;
}

/** What the server said: the body's `errors` (one line per refused field), else its `detailedMessage`. */
export function failureLines(failure: unknown): string[] {
  const { errors, detailedMessage } = bodyOf(failure);
  const lines = Array.isArray(errors) ? errors.filter(said) : [];
  if (lines.length > 0) return lines;
  return said(detailedMessage) ? [detailedMessage] : [];
}

/** Those lines as one sentence, or undefined when the server said nothing. */
export function failureMessage(failure: unknown): string | undefined {
  return failureLines(failure).join(' ') || undefined;
}
