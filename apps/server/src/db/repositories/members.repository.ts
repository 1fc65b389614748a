import { sql } from 'kysely';
import type { Role } from '@masthead/contract';
import type { Db } from '../database.js';
import { appliesTo, identityArgs, type MemberIdentity } from './member-identity.js';

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
      // Waiting (decision 055): the address's account has not shown it owns the mailbox, and this
      // membership was not given to it; it applies once either changes.
      sql<boolean>`coalesce(not idp_accounts.email_verified and memberships.account_id is distinct from idp_accounts.id, false)`.as(
        'unconfirmed',
      ),
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
 * Notes that the user opened the web app, on each of the memberships that apply to them, at most
 * once a minute: the app asks GET /cms/user/info on every start, and a write per call would be wasted.
 */
export function touchLastSeen(db: Db, member: MemberIdentity, now: Date) {
  return db
    .updateTable('memberships')
    .set({ last_seen_at: now })
    .where(appliesTo(...identityArgs(member)))
    .where((eb) =>
      eb.or([
        eb('last_seen_at', 'is', null),
        eb('last_seen_at', '<', sql<Date>`${now}::timestamptz - interval '1 minute'`),
      ]),
    )
    .execute();
}

/** The caller's own role in the domain, from the memberships that apply to them. */
export function findOwnRole(trx: Db, domainId: string, member: MemberIdentity) {
  return trx
    .selectFrom('memberships')
    .select('role')
    .where('domain_id', '=', domainId)
    .where(appliesTo(...identityArgs(member)))
    .executeTakeFirst()
    .then((row) => row?.role as Role | undefined);
}
