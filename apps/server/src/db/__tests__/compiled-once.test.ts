import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../compiled-once.js';
import { createPgliteDatabase, type Db } from '../database.js';

// One embedded database; each call makes another kysely handle over it.
const pglite = new PGlite();
const database = (): Db => createPgliteDatabase(pglite);
afterAll(() => pglite.close());

describe('compiledOnce', () => {
  it('should put each argument where the query uses it, in any order and more than once', async () => {
    const db = database();
    const pair = compiledOnce((db: Db, first: string, second: string) =>
      db.selectNoFrom([
        sql<string>`${second}::text`.as('b'),
        sql<string>`${first}::text`.as('a'),
        sql<string>`${first}::text || ${second}::text`.as('ab'),
      ]),
    );
    expect(await pair(db, 'x', 'y')).toEqual({ b: 'y', a: 'x', ab: 'xy' });
    expect(await pair(db, 'p', 'q')).toEqual({ b: 'q', a: 'p', ab: 'pq' });
  });

  it('should build and compile the query once per database handle', async () => {
    let builds = 0;
    const echo = compiledOnce((db: Db, value: string) => {
      builds++;
      return db.selectNoFrom(sql<string>`${value}::text`.as('value'));
    });
    const [one, two] = [database(), database()];
    for (const value of ['a', 'b', 'c']) expect(await echo(one, value)).toEqual({ value });
    expect(builds).toBe(1);
    expect(await echo(two, 'd')).toEqual({ value: 'd' });
    expect(builds).toBe(2);
  });

  it('should answer undefined when the statement finds no row', async () => {
    const none = compiledOnce((db: Db, value: string) =>
      db.selectNoFrom(sql<string>`${value}::text`.as('value')).where(sql<boolean>`false`),
    );
    expect(await none(database(), 'a')).toBeUndefined();
  });

  it('should refuse a query that adds a value of its own, which a later call could not replace', async () => {
    const ownValue = compiledOnce((db: Db, value: string) =>
      db.selectNoFrom([sql<string>`${value}::text`.as('value'), sql<string>`${'fixed'}::text`.as('fixed')]),
    );
    await expect(ownValue(database(), 'a')).rejects.toThrow(/parameter "fixed" is not an argument/);
  });

  it('should refuse a query that changes an argument, such as lower-casing it inside', async () => {
    const lowered = compiledOnce((db: Db, email: string) =>
      db.selectNoFrom(sql<string>`${email.toUpperCase()}::text`.as('email')),
    );
    await expect(lowered(database(), 'a@b')).rejects.toThrow(/is not an argument/);
  });
});
