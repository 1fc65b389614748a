import { DeliveryChanges, DeliveryChangesQuery } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import {
  isBefore,
  nextTransactionId,
  readChanges,
  readHorizon,
  type ChangeCursor,
} from '../../../db/repositories/post-changes.repository.js';
import { changesCursorKey } from '../../../db/repositories/server-keys.repository.js';
import { AppError } from '../../../lib/app-error.js';
import type { DeliveryAnswers } from './answers.js';
import { decodeCursor, encodeCursor, isStart, START, type DeliveryCursor } from './changes-cursor.js';
import { deliveryErrors, deliverySecurity, DELIVERY_TAG } from './route-schemas.js';

const gone = () =>
  new AppError(
    410,
    [
      'since: this cursor is older than the changes kept, or from another copy of the data; start again without since',
    ],
    'The changes cursor has expired; read the changes again from the start.',
  );

const samePlace = (a: ChangeCursor, b: ChangeCursor) => a.xid === b.xid && a.seq === b.seq;

/**
 * Refuses a cursor whose changes are no longer all there (410). Compaction (post-changes.repository)
 * removes superseded changes and deletes older than the retention, and moves the domain's horizon
 * to the last one it removed: a reader whose cursor lies before it may have missed a delete of a
 * post it has seen. A reader that started from the start read only what compaction kept, so it
 * misses nothing below the horizon: its cursors there carry the horizon they were given under, and
 * stay good until the horizon moves again. A cursor at or past the next transaction id comes from
 * another timeline (a restore, another cluster).
 */
async function checkCursor(app: FastifyInstance, cursor: DeliveryCursor, horizon: ChangeCursor | undefined) {
  if (BigInt(cursor.xid) >= BigInt(await nextTransactionId(app.deliveryDb))) throw gone();
  if (cursor.horizon) {
    if (!horizon || !samePlace(cursor.horizon, horizon)) throw gone();
  } else if (horizon && isBefore(cursor, horizon)) throw gone();
}

/** The cursor after a change: marked with the horizon while below it (see checkCursor). */
function cursorAfter(place: ChangeCursor, horizon: ChangeCursor | undefined): DeliveryCursor {
  return horizon && isBefore(place, horizon) ? { ...place, horizon } : place;
}

export default async function changesRoutes(app: FastifyInstance, options: { answers: DeliveryAnswers }) {
  // Read once per process; a failure (the database away) is tried again on the next request.
  let cursorKey: Promise<Uint8Array> | undefined;
  const sealingKey = () => {
    cursorKey ??= changesCursorKey(app.deliveryDb);
    cursorKey.catch(() => (cursorKey = undefined));
    return cursorKey;
  };

  app.get<{ Querystring: DeliveryChangesQuery }>(
    '/changes',
    {
      schema: {
        tags: [DELIVERY_TAG],
        summary: "The domain's changes after a cursor, oldest first",
        description:
          'A post published, or edited while published, is an upsert; one unpublished or deleted while ' +
          'published is a delete. Follow `next` (as `since`) until `changes` is empty: every change comes ' +
          'exactly once, in order, even while posts change. The cursor is opaque and good for its domain ' +
          "only: a malformed or altered one, or another domain's, is a 400; one older than the changes " +
          'kept (at least 30 days), or of the readable format given before, is a 410: start again without `since`.',
        security: deliverySecurity,
        querystring: DeliveryChangesQuery,
        response: { 200: DeliveryChanges, ...deliveryErrors(400, 410) },
      },
    },
    async (request, reply) => {
      const access = request.contentKey!;
      const { since, limit } = request.query;
      const key = await sealingKey();
      const cursor = since === undefined ? START : decodeCursor(key, access.domainId, since);
      const horizon = await readHorizon(app.deliveryDb, access.domainId);
      if (!isStart(cursor)) await checkCursor(app, cursor, horizon);
      const rows = await readChanges(app.deliveryDb, access.domainId, isStart(cursor) ? null : cursor, limit);
      const last = rows.at(-1);
      return options.answers.fresh(request, reply, {
        changes: rows.map((row) => ({
          type: row.type,
          id: row.post_id,
          slug: row.slug,
          at: row.at.toISOString(),
        })),
        next: encodeCursor(
          key,
          access.domainId,
          last ? cursorAfter({ xid: last.xid, seq: last.seq }, horizon) : cursor,
        ),
      });
    },
  );
}
