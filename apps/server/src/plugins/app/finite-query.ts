import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../lib/app-error.js';

/**
 * ajv coerces "1e400" to Infinity and then lets it through `integer` and `maximum` checks, so a
 * query such as page=1e400 would reach the database as an OFFSET it cannot parse. Validated
 * query numbers must be finite.
 */
export default fp(async function finiteQuery(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    const lines = Object.entries(query)
      .filter(([, value]) => typeof value === 'number' && !Number.isFinite(value))
      .map(([key]) => `${key}: must be a finite number`);
    if (lines.length > 0) throw badRequest(lines);
  });
});
