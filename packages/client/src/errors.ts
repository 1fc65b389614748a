import type { ErrorBody } from './contract-types.js';

/**
 * Every failure of a call: an answer other than the one expected (`status` and, when the server
 * sent one, its error body `{ error, errors, detailedMessage }`), or no usable answer at all
 * (`status` 0: the network failed, the time ran out, or what came back was not the API's).
 */
export class MastheadError extends Error {
  override readonly name = 'MastheadError';

  constructor(
    /** The HTTP status; 0 when no answer came, or none the client could read. */
    readonly status: number,
    /** The server's error body; null when the answer had none (a proxy's page, a network error). */
    readonly body: ErrorBody | null,
    /** The call, path and query, with the content key and any preview token left out. */
    readonly path: string,
    message: string,
    /** Seconds to wait, from Retry-After (429 and 503); null without one. */
    readonly retryAfter: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether a parsed answer is the server's error body (DESIGN §3), which the error then carries. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.error === 'string' &&
    typeof body.detailedMessage === 'string' &&
    Array.isArray(body.errors) &&
    body.errors.every((line) => typeof line === 'string')
  );
}

/** Retry-After as seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
