import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { createTestDatabase } from '../helpers/test-database.js';

/** The posts table's storage and vacuum settings that list and search speed rely on (docs/performance.md). */
describe('posts table settings', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it('should vacuum posts after 1 % of it changed, so list pages keep walking live index entries', async () => {
    const { rows } = await sql<{ reloptions: string[] }>`
      select reloptions from pg_class where oid = 'posts'::regclass`.execute(db);
    expect(rows[0]?.reloptions).toEqual(
      expect.arrayContaining([
        'autovacuum_vacuum_scale_factor=0.01',
        'autovacuum_vacuum_insert_scale_factor=0.01',
        'autovacuum_analyze_scale_factor=0.02',
      ]),
    );
  });

  it('should keep the search vector in the row (storage main), with statistics on 2,500 words', async () => {
    const { rows } = await sql<{ attstorage: string; attstattarget: number }>`
      select attstorage, attstattarget::int as attstattarget from pg_attribute
      where attrelid = 'posts'::regclass and attname = 'search'`.execute(db);
    expect(rows[0]?.attstorage).toBe('m');
    expect(rows[0]?.attstattarget).toBe(250);
  });

  it('should index the search vector alone, and no longer with the domain', async () => {
    // The GIN filter is applied here, not in SQL: there the planner checks pg_get_indexdef of every
    // schema's posts indexes before their schema, and another test file may be dropping its schema
    // meanwhile ("could not open relation with OID …", seen once on PostgreSQL).
    const { rows } = await sql<{ name: string; def: string }>`
      select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename = 'posts'`.execute(db);
    const gin = rows.filter((r) => /using gin/i.test(r.def));
    expect(gin.map((r) => r.name).sort()).toEqual(['posts_fields_idx', 'posts_search_idx']);
    expect(gin.find((r) => r.name === 'posts_search_idx')?.def).toMatch(/USING gin \(search\)$/);
  });
});
