import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (issue 21, decision 042):
 * - `webhooks`: per domain, the URL, the events it wants and its signing secret, encrypted with
 *   the server's key (lib/webhook-secrets.ts), so that a dump of the database alone cannot sign;
 * - `webhook_events`: the outbox, written in the transaction of the change that causes the event;
 * - `webhook_deliveries`: one per webhook and event (and one more per redelivery), written in that
 *   same transaction, in `seq` order. The writers of one domain's deliveries take a lock until they
 *   commit (webhooks.repository.ts), so `seq` order is commit order per domain: the worker sends
 *   each webhook's deliveries in `seq` order, and none can turn up behind one already sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhooks (
      id uuid primary key,
      domain_id uuid not null references domains(id) on delete cascade,
      url text not null check (length(url) between 1 and 2000),
      events text[] not null check (cardinality(events) between 1 and 50),
      active boolean not null default true,
      description text not null default '' check (length(description) <= 500),
      secret_encrypted text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhooks_domain_idx on webhooks (domain_id, created_at, id)`.execute(db);

  await sql`
    create table webhook_events (
      id uuid primary key default gen_random_uuid(),
      domain_id uuid not null references domains(id) on delete cascade,
      type text not null check (length(type) <= 50),
      body text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_events_created_idx on webhook_events (created_at)`.execute(db);

  await sql`
    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity unique,
      webhook_id uuid not null references webhooks(id) on delete cascade,
      event_id uuid not null references webhook_events(id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      -- Attempts started; a claim counts one before the request goes out.
      attempt integer not null default 0,
      -- When a pending delivery is due; while an attempt runs, when its lease ends.
      next_attempt_at timestamptz not null default now(),
      last_attempt_at timestamptz,
      response_code integer,
      response_body text check (length(response_body) <= 1024),
      duration_ms integer,
      error text check (length(error) <= 500),
      created_at timestamptz not null default now()
    )`.execute(db);
  // The head of each webhook's queue: its oldest pending delivery.
  await sql`
    create index webhook_deliveries_queue_idx on webhook_deliveries (webhook_id, seq)
    where status = 'pending'`.execute(db);
  await sql`
    create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
    where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_list_idx on webhook_deliveries (webhook_id, seq desc)`.execute(
    db,
  );
  await sql`create index webhook_deliveries_event_idx on webhook_deliveries (event_id)`.execute(db);
  await sql`create index webhook_deliveries_created_idx on webhook_deliveries (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_events`.execute(db);
  await sql`drop table webhooks`.execute(db);
}
