import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.js';
import { createTestDatabase, TEST_DB } from '../helpers/test-database.js';

/** Prepared statements are PostgreSQL's (decision 028); PGlite runs every statement as it comes. */
const run = TEST_DB === 'postgres' ? describe : describe.skip;

interface Prepared {
  name: string;
  statement: string;
  generic_plans: string;
}

/** The statements prepared on this connection, as PostgreSQL lists them. */
async function preparedOn(connection: Db) {
  const { rows } = await sql<Prepared>`
    select name, statement, generic_plans from pg_prepared_statements where not from_sql`.execute(connection);
  return rows;
}

run('prepared statements on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it('should prepare a read once per connection and reuse one generic plan after a few calls', async () => {
    await db.connection().execute(async (connection) => {
      const read = () =>
        connection.selectFrom('domains').select('id').where('domain', '=', 'nowhere.example').execute();
      for (let i = 0; i < 8; i++) await read();
      const mine = (await preparedOn(connection)).filter((p) => p.statement.includes('"domain" = $1'));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toMatch(/^masthead_/);
      expect(Number(mine[0]!.generic_plans)).toBeGreaterThan(0);
    });
  });

  it('should plan a text search on every call', async () => {
    await db.connection().execute(async (connection) => {
      for (let i = 0; i < 3; i++) {
        await connection
          .selectFrom('posts')
          .select('id')
          .where(sql<boolean>`search @@ ${'word:*'}::tsquery`)
          .execute();
      }
      expect((await preparedOn(connection)).filter((p) => p.statement.includes('@@'))).toEqual([]);
    });
  });

  it('should still answer a prepared select * after a migration added a column', async () => {
    await sql`create table prepared_probe (a int)`.execute(db);
    await sql`insert into prepared_probe values (1)`.execute(db);
    await db.connection().execute(async (connection) => {
      const all = () =>
        connection
          .selectFrom('prepared_probe' as never)
          .selectAll()
          .execute();
      expect(await all()).toEqual([{ a: 1 }]);
      await sql`alter table prepared_probe add column b int default 2`.execute(connection);
      // PostgreSQL refuses the prepared statement now (its result changed); it runs unnamed instead.
      expect(await all()).toEqual([{ a: 1, b: 2 }]);
      expect(await all()).toEqual([{ a: 1, b: 2 }]);
    });
  });

  it('should prepare nothing with preparedStatements false (for a pooler that cannot keep them)', async () => {
    const plain = createDatabase({
      kind: 'postgres',
      url: process.env.TEST_DATABASE_URL!,
      poolSize: 1,
      preparedStatements: false,
    });
    try {
      await plain.connection().execute(async (connection) => {
        for (let i = 0; i < 3; i++) await sql`select ${1}::int as one`.execute(connection);
        expect(await preparedOn(connection)).toEqual([]);
      });
    } finally {
      await plain.destroy();
    }
  });
});
