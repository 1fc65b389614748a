import { sql } from 'kysely';
import type { Role } from '@masthead/contract';
import type { Db } from '../database.js';

/** Members with the built-in provider's account name where there is one, by e-mail. */
function membersWithNames(db: Db, domainId: string) {
  return db
    .selectFrom('memberships')
    .leftJoin('idp_accounts', 'idp_accounts.email', 'memberships.email')
    .select([
      'memberships.email',
      'memberships.role',
      'memberships.created_at',
      'memberships.last_seen_at',
      'idp_accounts.name',
    ])
    .where('memberships.domain_id', '=', domainId);
}

export function listMembersWithNames(db: Db, domainId: string) {
  return membersWithNames(db, domainId).orderBy('memberships.email').execute();
}

export function findMemberWithName(db: Db, domainId: string, email: string) {
  return membersWithNames(db, domainId)
    .where('memberships.email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/**
 * Locks the domain's row for the rest of the transaction: every change of its memberships takes this
 * lock first, so two admins demoting each other at once are decided one after the other, and the
 * second sees the first's change (the last-admin rule, decision 046).
 */
export async function lockDomainMemberships(trx: Db, domainId: string) {
  const row = await trx
    .selectFrom('domains')
    .select('id')
    .where('id', '=', domainId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export function findMemberRole(trx: Db, domainId: string, email: string) {
  return trx
    .selectFrom('memberships')
    .select('role')
    .where('domain_id', '=', domainId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst()
    .then((row) => row?.role as Role | undefined);
}

export async function countAdmins(trx: Db, domainId: string) {
  const row = await trx
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Notes that the user opened the web app, on each of their memberships, at most once a minute: the
 * app asks GET /cms/user/info on every start, and a write per call would be wasted.
 */
export function touchLastSeen(db: Db, email: string, now: Date) {
  return db
    .updateTable('memberships')
    .set({ last_seen_at: now })
    .where('email', '=', email.toLowerCase())
    .where((eb) =>
      eb.or([
        eb('last_seen_at', 'is', null),
        eb('last_seen_at', '<', sql<Date>`${now}::timestamptz - interval '1 minute'`),
      ]),
    )
    .execute();
}
