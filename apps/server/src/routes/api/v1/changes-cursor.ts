import type { ChangeCursor } from '../../../db/repositories/post-changes.repository.js';
import { badRequest } from '../../../lib/app-error.js';

/*
 * The changes cursor as clients see it: opaque, the base64url of "v1.<xid>.<seq>". "v1.0.0" means
 * "from the start" (no transaction has id 0): it is what a first call with no changes answers.
 */

export const START: ChangeCursor = { xid: '0', seq: '0' };
const MAX_XID = 2n ** 64n - 1n;
const MAX_SEQ = 2n ** 63n - 1n;

export function encodeCursor(cursor: ChangeCursor): string {
  return Buffer.from(`v1.${cursor.xid}.${cursor.seq}`).toString('base64url');
}

export const isStart = (cursor: ChangeCursor) => cursor.xid === '0' && cursor.seq === '0';

/** The cursor a `since` names; 400 for anything this server could not have issued. */
export function decodeCursor(since: string): ChangeCursor {
  const invalid = () =>
    badRequest(['since: is not a cursor this API gave'], 'The changes cursor is not valid.');
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(since)) throw invalid();
  const match = /^v1\.(0|[1-9]\d{0,19})\.(0|[1-9]\d{0,18})$/.exec(
    Buffer.from(since, 'base64url').toString('latin1'),
  );
  if (!match) throw invalid();
  const cursor = { xid: match[1]!, seq: match[2]! };
  // Within xid8 and bigint, so the database never sees a value it cannot cast; and written as
  // this server writes it, so that one place has one cursor.
  if (BigInt(cursor.xid) > MAX_XID || BigInt(cursor.seq) > MAX_SEQ || encodeCursor(cursor) !== since)
    throw invalid();
  return cursor;
}
