import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  databaseUnavailable,
  errorBody,
  serviceUnavailable,
  statementTooLong,
} from '../../lib/app-error.js';
import { DatabaseUnavailableError, isStatementCancelled, isUnstorableText } from '../../lib/pg-errors.js';
import { validationLines, type SchemaError } from '../../lib/validation-lines.js';
import { MailUnavailableError } from '../../mail/mailer.js';

/** Fastify's own 4xx errors, with a sentence a person can act on. */
const FASTIFY_ERRORS: Record<string, { status: number; line: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, line: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    line: 'The content type is not supported; send application/json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, line: 'body: This field is required' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, line: 'body: is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, line: 'The Content-Length header is wrong' },
};

const sendError = (reply: FastifyReply, error: AppError) =>
  reply.code(error.statusCode).headers(error.headers).send(error.toBody());

/** The one error handler (STYLE §7): every 4xx and 5xx leaves with the DESIGN §3 body. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (error.validation) {
      const lines = validationLines(error.validation as SchemaError[]);
      const where = error.validationContext ?? 'request';
      return reply
        .code(400)
        .send(
          errorBody(
            400,
            lines,
            `The ${where === 'querystring' ? 'query' : where} is not valid; see errors for each field.`,
          ),
        );
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send(errorBody(known.status, [known.line], `${known.line}.`));
    // The database went away: the pool has logged it once (src/db/database-health.ts), so no stack
    // trace per request here, and the client is told to come back shortly.
    if (error instanceof DatabaseUnavailableError) {
      request.log.debug({ err: error }, 'database unavailable');
      return sendError(reply, databaseUnavailable());
    }
    // The mail server failed a mail sent inside a transaction (decision 056): nothing was made.
    if (error instanceof MailUnavailableError) {
      request.log.warn({ err: error }, 'mail not sent');
      return sendError(
        reply,
        serviceUnavailable(
          'The mail server could not send the e-mail; nothing was changed',
          'The e-mail could not be sent right now; please try again in a moment.',
        ),
      );
    }
    // Past the public endpoints' statement_timeout: their bound on work, not a fault of ours.
    if (isStatementCancelled(error)) {
      request.log.warn({ err: error }, 'statement cancelled: it took too long');
      return sendError(reply, statementTooLong());
    }
    if (isUnstorableText(error)) {
      const line = 'A text contains a character that cannot be stored, such as NUL (\\u0000)';
      return reply.code(400).send(errorBody(400, [line], `${line}.`));
    }
    // JSON syntax errors surface as a plain SyntaxError with status 400.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, [error.message], error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send(
        errorBody(
          500,
          ['An unexpected error occurred'],
          'Something went wrong on the server; please try again.',
        ),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(errorBody(404, [`No route for ${request.method} ${request.url.split('?')[0]}`], 'Not found.'));
  });
});
