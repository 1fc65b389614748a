import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per request, written when the response has gone: method, URL, status and time, with
 * the request id that ties it to any other line the request logged. Fastify's built-in request
 * logging (turned off in app.ts) writes two. Below the info level the hook is not even added, so a
 * quiet server (LOG_LEVEL=warn) pays nothing per request.
 */
export default fp(
  async function requestLog(app: FastifyInstance) {
    // Without a logger (logger: false) Fastify's stand-in has no isLevelEnabled.
    const log = app.log as { isLevelEnabled?: (level: string) => boolean };
    if (!log.isLevelEnabled?.('info')) return;
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          req: { method: request.method, url: request.url, remoteAddress: request.ip },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);
