import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './redact-url.js';

/**
 * What Fastify's request serializer reads from a request, with the address's secrets redacted
 * (signed storage links, OpenID codes and tokens, API keys: redact-url.ts).
 */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    // Read only when the line is written: below its level pino never serializes it.
    get url() {
      return redactUrl(request.url);
    },
    headers: request.headers,
    host: request.host,
    ip: request.ip,
    socket: request.socket,
  };
}

/**
 * One log line per request, written when the response has gone, with the request, the status
 * and the time. Fastify's own request logging writes two ("incoming request" and "request
 * completed"). Below the info level pino drops the line before serializing it.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: loggedRequest(request), res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
