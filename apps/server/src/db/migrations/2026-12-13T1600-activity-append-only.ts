import { sql, type Kysely } from 'kysely';

/**
 * The activity trail refuses DELETE and TRUNCATE as well as UPDATE, and keeps only the origin of a
 * webhook's URL (issue 29, decision 057).
 *
 * - One trigger function for UPDATE and DELETE. A DELETE goes through only when the row's domain is
 *   already gone: removing a domain (`masthead domain remove`) cascades to its rows, and the cascade
 *   runs after the domain's own row is deleted. Nothing else deletes activity rows (there is no
 *   retention job), so any other DELETE is refused, and so is TRUNCATE.
 * - A webhook's URL often carries the receiver's secret in its path or query, and the trail is kept
 *   for good: the webhook.* rows written so far are reduced to the URL's origin (scheme, host and
 *   port; null when the label is not a URL), in `object_label` and in `after.url`, as
 *   services/webhooks.service.ts now writes them. This runs between dropping the old trigger and
 *   creating the new one.
 */

/** As services/webhooks.service.ts's urlOrigin, kept here so that this migration never changes. */
function origin(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const value = new URL(url).origin;
    return value === 'null' ? null : value;
  } catch {
    return null;
  }
}

interface WebhookActivityRow {
  id: string;
  object_label: string | null;
  after: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
}

const withOrigin = (value: Record<string, unknown> | null) =>
  value && typeof value === 'object' && 'url' in value ? { ...value, url: origin(value.url) } : value;

async function reduceWebhookUrls(db: Kysely<unknown>) {
  let after = '0';
  for (;;) {
    const { rows } = await sql<WebhookActivityRow>`
      select id::text as id, object_label, "after", "before" from activity
      where kind like 'webhook.%' and id > ${after}::bigint
      order by id limit 500`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const label = row.object_label === null ? null : origin(row.object_label);
      const afterValue = withOrigin(row.after);
      const beforeValue = withOrigin(row.before);
      await sql`
        update activity
        set object_label = ${label},
            "after" = ${afterValue === null ? null : JSON.stringify(afterValue)}::jsonb,
            "before" = ${beforeValue === null ? null : JSON.stringify(beforeValue)}::jsonb
        where id = ${row.id}::bigint`.execute(db);
    }
    after = rows.at(-1)!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists activity_append_only on activity`.execute(db);
  await reduceWebhookUrls(db);
  await sql`
    create or replace function activity_is_append_only() returns trigger language plpgsql as $$
    begin
      -- The domain's removal cascades to its rows once the domain's row is gone.
      if tg_op = 'DELETE' and not exists (select 1 from domains where id = old.domain_id) then
        return old;
      end if;
      raise exception 'activity rows cannot be changed or removed';
    end $$`.execute(db);
  await sql`
    create trigger activity_append_only before update or delete on activity
    for each row execute function activity_is_append_only()`.execute(db);
  await sql`
    create trigger activity_no_truncate before truncate on activity
    for each statement execute function activity_is_append_only()`.execute(db);
}

/** Back to refusing UPDATE only (the origins stay: the full URLs are not kept anywhere). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists activity_no_truncate on activity`.execute(db);
  await sql`drop trigger if exists activity_append_only on activity`.execute(db);
  await sql`
    create or replace function activity_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'activity rows cannot be changed';
    end $$`.execute(db);
  await sql`
    create trigger activity_append_only before update on activity
    for each row execute function activity_is_append_only()`.execute(db);
}
