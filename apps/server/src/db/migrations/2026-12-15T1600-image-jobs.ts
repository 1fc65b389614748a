import { sql, type Kysely } from 'kysely';

/**
 * Image variants to make (issue 31, decision 064): one row per asset whose set is not made yet,
 * written in the transaction that registers the asset and removed once its whole set is in
 * storage. A worker claims a row by moving `next_attempt_at` a lease ahead (SKIP LOCKED), so that
 * one process renders it; a process that dies leaves it to the next claim once the lease runs out.
 * After the last attempt, `failed_at` sets it aside with its error. Deleting the asset deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table image_jobs (
      asset_id uuid primary key references assets (id) on delete cascade,
      attempt integer not null default 0 check (attempt >= 0),
      next_attempt_at timestamptz not null default now(),
      failed_at timestamptz,
      error text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index image_jobs_due on image_jobs (next_attempt_at) where failed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists image_jobs`.execute(db);
}
