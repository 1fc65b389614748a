import { DeliveryChanges, DeliveryChangesQuery } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import {
  isBefore,
  nextTransactionId,
  readChanges,
  readHorizon,
  type ChangeCursor,
} from '../../../db/repositories/post-changes.repository.js';
import { AppError } from '../../../lib/app-error.js';
import type { DeliveryAnswers } from './answers.js';
import { decodeCursor, encodeCursor, isStart, START } from './changes-cursor.js';
import { deliveryErrors, deliverySecurity, DELIVERY_TAG } from './route-schemas.js';

const gone = () =>
  new AppError(
    410,
    [
      'since: this cursor is older than the changes kept, or from another copy of the data; start again without since',
    ],
    'The changes cursor has expired; read the changes again from the start.',
  );

/**
 * Refuses a cursor whose changes are no longer all there: one before the domain's horizon (the
 * changes it would need were compacted) or at or past the next transaction id (from another
 * timeline: a restore or another cluster).
 */
async function checkCursor(app: FastifyInstance, domainId: string, cursor: ChangeCursor) {
  const [horizon, next] = await Promise.all([readHorizon(app.db, domainId), nextTransactionId(app.db)]);
  if (BigInt(cursor.xid) >= BigInt(next)) throw gone();
  if (horizon && isBefore(cursor, horizon)) throw gone();
}

export default async function changesRoutes(app: FastifyInstance, options: { answers: DeliveryAnswers }) {
  app.get<{ Querystring: DeliveryChangesQuery }>(
    '/changes',
    {
      schema: {
        tags: [DELIVERY_TAG],
        summary: "The domain's changes after a cursor, oldest first",
        description:
          'A post published, or edited while published, is an upsert; one unpublished or deleted while ' +
          'published is a delete. Follow `next` (as `since`) until `changes` is empty: every change comes ' +
          'exactly once, in order, even while posts change. A malformed cursor is a 400; one older than ' +
          'the changes kept (at least 30 days) is a 410: start again without `since`.',
        security: deliverySecurity,
        querystring: DeliveryChangesQuery,
        response: { 200: DeliveryChanges, ...deliveryErrors(400, 410) },
      },
    },
    async (request, reply) => {
      const access = request.contentKey!;
      const { since, limit } = request.query;
      const cursor = since === undefined ? START : decodeCursor(since);
      if (!isStart(cursor)) await checkCursor(app, access.domainId, cursor);
      const rows = await readChanges(app.db, access.domainId, isStart(cursor) ? null : cursor, limit);
      const last = rows.at(-1);
      return options.answers.fresh(request, reply, {
        changes: rows.map((row) => ({
          type: row.type,
          id: row.post_id,
          slug: row.slug,
          at: row.at.toISOString(),
        })),
        next: last ? encodeCursor({ xid: last.xid, seq: last.seq }) : encodeCursor(cursor),
      });
    },
  );
}
