import type { ChangeCursor } from '../../../db/repositories/post-changes.repository.js';
import { badRequest } from '../../../lib/app-error.js';

/*
 * The changes cursor as clients see it: opaque, the base64url of "v1.<xid>.<seq>", or of
 * "v1.<xid>.<seq>.<horizon xid>.<horizon seq>" for a reader that started from the start and is
 * still reading the changes that compaction kept below the domain's horizon (changes.ts).
 * "v1.0.0" means "from the start" (no transaction has id 0): a first call with no changes gives it.
 */

export interface DeliveryCursor extends ChangeCursor {
  /** The horizon under which a reader from the start read past compacted changes. */
  horizon?: ChangeCursor;
}

export const START: DeliveryCursor = { xid: '0', seq: '0' };
const MAX_XID = 2n ** 64n - 1n;
const MAX_SEQ = 2n ** 63n - 1n;
const NUMBER = '(0|[1-9]\\d{0,19})';
const CURSOR = new RegExp(`^v1\\.${NUMBER}\\.${NUMBER}(?:\\.${NUMBER}\\.${NUMBER})?$`);

export function encodeCursor(cursor: DeliveryCursor): string {
  const horizon = cursor.horizon ? `.${cursor.horizon.xid}.${cursor.horizon.seq}` : '';
  return Buffer.from(`v1.${cursor.xid}.${cursor.seq}${horizon}`).toString('base64url');
}

export const isStart = (cursor: ChangeCursor) => cursor.xid === '0' && cursor.seq === '0';

const fits = (place: ChangeCursor) => BigInt(place.xid) <= MAX_XID && BigInt(place.seq) <= MAX_SEQ;

/** The cursor a `since` names; 400 for anything this server could not have issued. */
export function decodeCursor(since: string): DeliveryCursor {
  const invalid = () =>
    badRequest(['since: is not a cursor this API gave'], 'The changes cursor is not valid.');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(since)) throw invalid();
  const match = CURSOR.exec(Buffer.from(since, 'base64url').toString('latin1'));
  if (!match) throw invalid();
  const cursor: DeliveryCursor = { xid: match[1]!, seq: match[2]! };
  if (match[3] !== undefined) cursor.horizon = { xid: match[3], seq: match[4]! };
  // Within xid8 and bigint, so the database never sees a value it cannot cast; and written as
  // this server writes it, so that one place has one cursor.
  if (!fits(cursor) || (cursor.horizon && !fits(cursor.horizon)) || encodeCursor(cursor) !== since)
    throw invalid();
  return cursor;
}
