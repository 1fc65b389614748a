import { randomBytes } from 'node:crypto';
import type { Db } from '../database.js';

/**
 * The server's key of this name, made (random, `length` bytes) on first use. Every process and
 * server on the database reads the same one: the first to make it wins, the others read it.
 */
export async function serverKey(db: Db, name: string, length: number): Promise<Uint8Array> {
  const read = () => db.selectFrom('server_keys').select('key').where('name', '=', name).executeTakeFirst();
  const found = await read();
  if (found) return new Uint8Array(found.key);
  await db
    .insertInto('server_keys')
    .values({ name, key: randomBytes(length) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return new Uint8Array((await read())!.key);
}

/** The key that seals the delivery API's changes cursors: AES-256-SIV takes 64 bytes. */
export const changesCursorKey = (db: Db) => serverKey(db, 'changes-cursor', 64);
