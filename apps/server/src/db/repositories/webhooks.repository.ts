import { sql } from 'kysely';
import type { Db } from '../database.js';

const webhookColumns = ['id', 'url', 'events', 'active', 'description', 'created_at', 'updated_at'] as const;

export function listWebhooks(db: Db, domainId: string) {
  return db
    .selectFrom('webhooks')
    .select(webhookColumns)
    .where('domain_id', '=', domainId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type ListedWebhookRow = Awaited<ReturnType<typeof listWebhooks>>[number];

export function findWebhook(db: Db, domainId: string, id: string) {
  return db
    .selectFrom('webhooks')
    .select(webhookColumns)
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface WebhookValues {
  url: string;
  events: string[];
  active: boolean;
  description: string;
}

export function insertWebhook(
  db: Db,
  values: WebhookValues & { id: string; domainId: string; secretEncrypted: string },
) {
  return db
    .insertInto('webhooks')
    .values({
      id: values.id,
      domain_id: values.domainId,
      url: values.url,
      events: values.events,
      active: values.active,
      description: values.description,
      secret_encrypted: values.secretEncrypted,
    })
    .returning(webhookColumns)
    .executeTakeFirstOrThrow();
}

export function updateWebhook(db: Db, domainId: string, id: string, values: WebhookValues) {
  return db
    .updateTable('webhooks')
    .set({ ...values, updated_at: sql`now()` })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .returning(webhookColumns)
    .executeTakeFirst();
}

/** Deletes the webhook; answers its id and URL, or undefined when the domain has no such webhook. */
export function deleteWebhook(db: Db, domainId: string, id: string) {
  return db
    .deleteFrom('webhooks')
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .returning(['id', 'url'])
    .executeTakeFirst();
}

/**
 * The domain's active webhooks that want the event. The rows are held (FOR KEY SHARE) until the
 * caller's transaction ends, so a webhook deleted meanwhile waits rather than failing the change.
 */
export async function subscribedWebhookIds(trx: Db, domainId: string, type: string) {
  const rows = await trx
    .selectFrom('webhooks')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('active', '=', true)
    .where(sql<boolean>`${type} = any(events)`)
    .forKeyShare()
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Held by every writer of the domain's deliveries until it commits, so that deliveries become
 * visible in the order of their seq: a webhook's queue never gains a delivery ahead of one the
 * worker may already have sent. Taken as the transaction's last step, it is held only briefly.
 */
export async function lockDomainDeliveries(trx: Db, domainId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('masthead.webhook-deliveries'), hashtext(${domainId}))`.execute(
    trx,
  );
}

/**
 * How many webhooks the domain has, counted under a lock of the domain's registrations held until
 * `trx` ends, so that two registrations at once cannot both pass the cap.
 */
export async function countWebhooksLocked(trx: Db, domainId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('masthead.webhooks'), hashtext(${domainId}))`.execute(trx);
  const row = await trx
    .selectFrom('webhooks')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('domain_id', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEvent(trx: Db, domainId: string, type: string, body: string) {
  const row = await trx
    .insertInto('webhook_events')
    .values({ domain_id: domainId, type, body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function insertDeliveries(trx: Db, eventId: string, webhookIds: string[]) {
  return trx
    .insertInto('webhook_deliveries')
    .values(webhookIds.map((webhookId) => ({ webhook_id: webhookId, event_id: eventId })))
    .returning('id')
    .execute();
}

/**
 * Whether the webhook is on, holding its row (FOR KEY SHARE) until `trx` ends, as a change that
 * queues one of its events does (subscribedWebhookIds): a turn-off waits for the queueing to commit
 * and then fails what it queued (lockWebhook).
 */
export async function isWebhookActive(trx: Db, webhookId: string) {
  const row = await trx
    .selectFrom('webhooks')
    .select('active')
    .where('id', '=', webhookId)
    .forKeyShare()
    .executeTakeFirst();
  return row?.active;
}

/** A new delivery of an event the webhook already had (redelivery); undefined when it had none. */
export function insertRedelivery(trx: Db, webhookId: string, deliveryId: string) {
  return trx
    .insertInto('webhook_deliveries')
    .columns(['webhook_id', 'event_id'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select(['webhook_id', 'event_id'])
        .where('webhook_id', '=', webhookId)
        .where('id', '=', deliveryId),
    )
    .returning('id')
    .executeTakeFirst();
}

const deliveryColumns = [
  'd.id',
  'd.event_id',
  'e.type',
  'd.status',
  'd.attempt',
  'd.next_attempt_at',
  'd.last_attempt_at',
  'd.response_code',
  'd.response_body',
  'd.duration_ms',
  'd.error',
  'd.created_at',
] as const;

/** A page of the webhook's deliveries, newest first (webhook_deliveries_list_idx). */
export async function listDeliveries(db: Db, webhookId: string, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select(deliveryColumns)
      .where('d.webhook_id', '=', webhookId)
      .orderBy('d.seq', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('webhook_id', '=', webhookId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export type DeliveryListRow = Awaited<ReturnType<typeof listDeliveries>>['rows'][number];

export function findDelivery(db: Db, webhookId: string, id: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(deliveryColumns)
    .where('d.webhook_id', '=', webhookId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export interface ClaimedDelivery {
  id: string;
  attempt: number;
  event_id: string;
  webhook_id: string;
  domain_id: string;
  url: string;
  secret_encrypted: string;
  body: string;
}

export interface ClaimOptions {
  /** Deliveries claimed at most (the worker's free slots). */
  limit: number;
  leaseSeconds: number;
  /** A due delivery that has had this many attempts is failed instead of claimed. */
  maxAttempts: number;
  /** Deliveries of one domain in flight at most, counting `inFlight`. */
  perDomain: number;
  /** The caller's deliveries in flight, by domain id. */
  inFlight: ReadonlyMap<string, number>;
}

/**
 * Claims due deliveries, each the head of its webhook's queue, for `leaseSeconds`: the claim counts
 * an attempt and moves next_attempt_at past the attempt's end, so a process that dies while sending
 * leaves the delivery to be claimed again once the lease is over. Rows another process is claiming
 * are skipped (SKIP LOCKED), and a delivery waits while an earlier one of its webhook is pending
 * (lockDomainDeliveries keeps seq order the order of commits).
 *
 * Domains share the claims (issue 29): the due heads are ranked within their domain, oldest first,
 * after the caller's deliveries of that domain already in flight; claims go to the lowest ranks
 * first, and never past `perDomain` for one domain. A domain whose receivers never answer thus
 * holds `perDomain` of the caller's slots, and every other domain is served beside it.
 *
 * A due head that has had `maxAttempts` attempts is failed in the same statement rather than
 * claimed: its results were lost (the process died, or the result could not be written each time),
 * and claiming it again and again would hold its webhook's queue back for good.
 */
export async function claimDueDeliveries(db: Db, options: ClaimOptions) {
  const domains = [...options.inFlight.keys()];
  const busy = domains.map((id) => options.inFlight.get(id) ?? 0);
  const result = await sql<ClaimedDelivery>`
    with heads as (
      select c.id, cw.domain_id, c.attempt, c.next_attempt_at, c.seq
      from webhook_deliveries c
      join webhooks cw on cw.id = c.webhook_id
      where c.status = 'pending' and c.next_attempt_at <= now() and cw.active
        and not exists (
          select 1 from webhook_deliveries p
          where p.webhook_id = c.webhook_id and p.status = 'pending' and p.seq < c.seq)
      order by c.next_attempt_at, c.seq
      limit 1000),
    ranked as (
      select h.id, h.next_attempt_at, h.seq,
        coalesce(f.busy, 0) + row_number() over (partition by h.domain_id order by h.next_attempt_at, h.seq) as rank
      from heads h
      left join unnest(${domains}::uuid[], ${busy}::int[]) as f (domain_id, busy) on f.domain_id = h.domain_id
      where h.attempt < ${options.maxAttempts}),
    picked as (
      select id from ranked where rank <= ${options.perDomain}
      order by rank, next_attempt_at, seq
      limit ${options.limit}),
    locked as (
      select c.id, c.attempt from webhook_deliveries c
      where c.status = 'pending' and c.next_attempt_at <= now()
        and (c.id in (select id from picked)
          or c.id in (select id from heads where attempt >= ${options.maxAttempts}))
      for update of c skip locked),
    gave_up as (
      update webhook_deliveries d
      set status = 'failed', next_attempt_at = now(),
          error = 'Gave up after ' || d.attempt || ' attempts: the result of the last one was never recorded'
      from locked l
      where d.id = l.id and l.attempt >= ${options.maxAttempts})
    update webhook_deliveries d
    set attempt = d.attempt + 1,
        last_attempt_at = now(),
        next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds})
    from locked l, webhooks w, webhook_events e
    where d.id = l.id and l.attempt < ${options.maxAttempts} and w.id = d.webhook_id and e.id = d.event_id
    returning d.id, d.attempt, d.event_id, d.webhook_id, w.domain_id, w.url, w.secret_encrypted, e.body`.execute(
    db,
  );
  return result.rows;
}

/**
 * Gives a claimed delivery back, its attempt uncounted, for the next claim (the server is shutting
 * down mid-send); nothing when another claim has taken it since.
 */
export function releaseClaim(db: Db, claimed: Pick<ClaimedDelivery, 'id' | 'attempt'>) {
  return db
    .updateTable('webhook_deliveries')
    .set({ attempt: claimed.attempt - 1, next_attempt_at: sql`now()` })
    .where('id', '=', claimed.id)
    .where('attempt', '=', claimed.attempt)
    .where('status', '=', 'pending')
    .execute();
}

export type DeliveryResult = {
  responseCode: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
} & ({ status: 'succeeded' | 'failed' } | { status: 'pending'; retryAfterMs: number });

/** Records an attempt's end, unless another claim has taken the delivery since (its attempt moved). */
export function recordDeliveryResult(
  db: Db,
  claimed: Pick<ClaimedDelivery, 'id' | 'attempt'>,
  result: DeliveryResult,
) {
  return db
    .updateTable('webhook_deliveries')
    .set({
      status: result.status,
      response_code: result.responseCode,
      response_body: result.responseBody,
      duration_ms: result.durationMs,
      error: result.error,
      next_attempt_at:
        result.status === 'pending'
          ? sql<Date>`now() + make_interval(secs => ${result.retryAfterMs / 1000})`
          : sql<Date>`now()`,
    })
    .where('id', '=', claimed.id)
    .where('attempt', '=', claimed.attempt)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Holds the webhook's row (FOR UPDATE) until `trx` ends, once every change that is queueing one of
 * its events has committed: those hold it FOR KEY SHARE (subscribedWebhookIds), which FOR UPDATE
 * waits for, and later ones wait in turn and then see the webhook as it is left. Taken before a
 * webhook is turned off, so that its pending deliveries, failed next, include one queued meanwhile;
 * without it such a delivery stayed pending for good (issue 29's CI failure).
 */
export async function lockWebhook(trx: Db, webhookId: string) {
  await trx.selectFrom('webhooks').select('id').where('id', '=', webhookId).forUpdate().execute();
}

/** Turns a webhook off and ends its queue: its pending deliveries fail with the reason (in `trx`). */
export async function turnWebhookOff(trx: Db, webhookId: string, reason: string) {
  await lockWebhook(trx, webhookId);
  await trx
    .updateTable('webhooks')
    .set({ active: false, updated_at: sql`now()` })
    .where('id', '=', webhookId)
    .execute();
  await failPendingDeliveries(trx, webhookId, reason);
}

export function failPendingDeliveries(trx: Db, webhookId: string, reason: string) {
  return trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', error: reason.slice(0, 500), next_attempt_at: sql`now()` })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}

/** Removes finished deliveries and events older than `days`, a batch at a time; returns how many. */
export async function pruneDeliveries(db: Db, days: number, batch = 1000) {
  const cutoff = sql<Date>`now() - make_interval(days => ${days})`;
  const deliveries = await db
    .deleteFrom('webhook_deliveries')
    .where(
      'id',
      'in',
      db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('created_at', '<', cutoff)
        .where('status', '!=', 'pending')
        .limit(batch),
    )
    .executeTakeFirst();
  const events = await db
    .deleteFrom('webhook_events')
    .where(
      'id',
      'in',
      db
        .selectFrom('webhook_events as e')
        .select('e.id')
        .where('e.created_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id')),
          ),
        )
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(deliveries.numDeletedRows) + Number(events.numDeletedRows);
}
