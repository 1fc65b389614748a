import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@masthead/contract';

/**
 * The one error type the app throws on purpose. The handler turns it into the DESIGN §3 body:
 * `error` is the reason phrase, `errors` one line per problem, `detailedMessage` one sentence.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: string[],
    readonly detailedMessage: string = errors[0] ?? STATUS_CODES[statusCode] ?? 'Error',
    readonly headers: Record<string, string> = {},
  ) {
    super(detailedMessage);
  }

  toBody(): ErrorBody {
    return errorBody(this.statusCode, this.errors, this.detailedMessage);
  }
}

export function errorBody(statusCode: number, errors: string[], detailedMessage: string): ErrorBody {
  return { error: STATUS_CODES[statusCode] ?? 'Error', errors, detailedMessage };
}

export const badRequest = (
  errors: string[],
  detail = 'The request is not valid; see errors for each field.',
) => new AppError(400, errors, detail);
export const forbidden = (message: string) => new AppError(403, [message]);
export const notFound = (what: string) =>
  new AppError(404, [`${what} was not found`], `${what} was not found.`);
export const conflict = (message: string) => new AppError(409, [message]);
export const preconditionFailed = () =>
  new AppError(
    412,
    ['The resource was changed by someone else since you loaded it'],
    'This item was changed by someone else since you opened it; reload it and apply your changes again.',
  );
export const tooLarge = (line: string) => new AppError(413, [line], 'The request is too large.');

/** How long a client is asked to wait before trying again when the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = (line: string, detail: string) =>
  new AppError(503, [line], detail, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/** A request that met a database that cannot be reached or a connection that died under it. */
export const databaseUnavailable = () =>
  serviceUnavailable(
    'The database cannot be reached at the moment',
    'The service is briefly unavailable; please try again in a few seconds.',
  );

/** A statement the database cancelled: it took longer than the endpoint's bound (decision 058). */
export const statementTooLong = () =>
  serviceUnavailable(
    'The request took too long to answer and was stopped',
    'The service is busy; please try again in a few seconds.',
  );
