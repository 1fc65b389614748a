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

/**
 * PostgreSQL's SQLSTATE for a statement it cancelled: past its statement_timeout (the public
 * endpoints' pool sets one, decision 058), or cancelled by an operator. The request gets 503.
 */
export function isStatementCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';
}

/** Errors of the socket under a database connection: the server is down, restarting or cut off. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say the server cannot serve this connection now: class 08 (connection exception),
 * 57P01 (terminated by an administrator or a fast shutdown), 57P02 (crash of another backend),
 * 57P03 (starting up or shutting down), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own messages for a connection that ended or cannot be used, and its connect timeouts. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout expired',
  'timeout exceeded when trying to connect',
];

/**
 * True when the error says the database could not be reached or the connection died under the
 * statement (a restart, a terminated backend, a network fault), not that the statement was wrong.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return true;
  // Node's connection attempts to several addresses (localhost: ::1 and 127.0.0.1) fail together.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionFailure);
}

/** One line for the log: the SQLSTATE or socket code, and the message's first line. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const first = error.message.split('\n')[0]?.trim() || error.constructor.name;
  const aggregate = (error as { errors?: unknown }).errors;
  if (!error.message && Array.isArray(aggregate) && aggregate[0] instanceof Error) {
    return describeFailure(aggregate[0]);
  }
  return typeof code === 'string' && !first.includes(code) ? `${code} ${first}` : first;
}

/**
 * The database could not be reached, or the connection died under the statement: the request
 * gets 503 with Retry-After (the error handler, and oidc-provider, which reads statusCode).
 */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The database is unavailable: ${reason}`, options);
    this.name = 'DatabaseUnavailableError';
  }
}
