import { aessiv } from '@noble/ciphers/aes.js';
import type { ChangeCursor } from '../../../db/repositories/post-changes.repository.js';
import { AppError, badRequest } from '../../../lib/app-error.js';

/*
 * The changes cursor as clients see it: a place in the domain's changes, (transaction id, sequence)
 * and, for a reader that started from the start and still reads the changes compaction kept below
 * the domain's horizon, that horizon too (changes.ts). Both numbers belong to the whole database,
 * so a readable cursor told a reader how much every other domain wrote (issue 29). The place is
 * sealed with AES-SIV (RFC 5297, @noble/ciphers), with the domain's id as associated data:
 * - nothing of the numbers can be read, and a cursor cannot be made or altered without the key;
 * - a cursor is good only for the domain it was given to (another's is a 400);
 * - SIV is deterministic: one place gives one cursor, so an unchanged answer keeps its ETag.
 * Layout: base64url of [2, SIV tag (16 bytes), sealed place (16 or 32 bytes)]; the place is the
 * numbers as unsigned 64-bit big-endian integers. {0, 0} means "from the start".
 */

export interface DeliveryCursor extends ChangeCursor {
  /** The horizon under which a reader from the start read past compacted changes. */
  horizon?: ChangeCursor;
}

export const START: DeliveryCursor = { xid: '0', seq: '0' };
const FORMAT = 2;
const MAX_SEQ = 2n ** 63n - 1n;

const invalid = () =>
  badRequest(
    ["since: is not a cursor this API gave to this key's domain; start again without since"],
    'The changes cursor is not valid.',
  );

/** The readable cursors given before issue 29: they cannot be trusted, so the reader starts over. */
const earlierFormat = () =>
  new AppError(
    410,
    ['since: cursors of the earlier format are no longer accepted; start again without since'],
    'The changes cursor has expired; read the changes again from the start.',
  );

const NUMBER = '(0|[1-9]\\d{0,19})';
const READABLE = new RegExp(`^v1\\.${NUMBER}\\.${NUMBER}(?:\\.${NUMBER}\\.${NUMBER})?$`);

/** Whether the text is a cursor of the readable format as that server could have written it. */
function looksIssuedBefore(text: string) {
  const numbers = READABLE.exec(text)
    ?.slice(1)
    .filter((n) => n !== undefined)
    .map(BigInt);
  return numbers !== undefined && numbers.every((n, i) => n <= (i % 2 === 0 ? 2n ** 64n - 1n : MAX_SEQ));
}

/** The cipher for one domain: the format and the domain's id are its associated data. */
function sealFor(key: Uint8Array, domainId: string) {
  return aessiv(key, Uint8Array.of(FORMAT), Buffer.from(domainId.replace(/-/g, ''), 'hex'));
}

function placeBytes(cursor: DeliveryCursor): Uint8Array {
  const numbers = [
    cursor.xid,
    cursor.seq,
    ...(cursor.horizon ? [cursor.horizon.xid, cursor.horizon.seq] : []),
  ];
  const bytes = Buffer.alloc(numbers.length * 8);
  numbers.forEach((n, i) => bytes.writeBigUInt64BE(BigInt(n), i * 8));
  return bytes;
}

export function encodeCursor(key: Uint8Array, domainId: string, cursor: DeliveryCursor): string {
  const sealed = sealFor(key, domainId).encrypt(placeBytes(cursor));
  return Buffer.concat([Uint8Array.of(FORMAT), sealed]).toString('base64url');
}

export const isStart = (cursor: ChangeCursor) => cursor.xid === '0' && cursor.seq === '0';

/** The place a `since` names; 400 for anything this server did not give this domain, 410 for an old one. */
export function decodeCursor(key: Uint8Array, domainId: string, since: string): DeliveryCursor {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(since)) throw invalid();
  const bytes = Buffer.from(since, 'base64url');
  // Written as this server writes it, so that one place has one cursor.
  if (bytes.toString('base64url') !== since) throw invalid();
  if (bytes[0] !== FORMAT) throw looksIssuedBefore(bytes.toString('latin1')) ? earlierFormat() : invalid();
  let place: Uint8Array;
  try {
    place = sealFor(key, domainId).decrypt(bytes.subarray(1));
  } catch {
    throw invalid();
  }
  if (place.length !== 16 && place.length !== 32) throw invalid();
  const view = Buffer.from(place);
  const numbers = Array.from({ length: place.length / 8 }, (_, i) => view.readBigUInt64BE(i * 8));
  // Sealed by this server, so in range; checked all the same before the database casts them.
  if (numbers[1]! > MAX_SEQ || (numbers[3] ?? 0n) > MAX_SEQ) throw invalid();
  const cursor: DeliveryCursor = { xid: String(numbers[0]), seq: String(numbers[1]) };
  if (numbers.length === 4) cursor.horizon = { xid: String(numbers[2]), seq: String(numbers[3]) };
  return cursor;
}
