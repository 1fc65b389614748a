import type { Member, Role } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { deleteMembership, upsertMembership } from '../db/repositories/domains.repository.js';
import { revokeInvitationsBy } from '../db/repositories/invitations.repository.js';
import {
  countAdmins,
  findMemberRole,
  type listMembersWithNames,
  lockDomainMemberships,
} from '../db/repositories/members.repository.js';
import { recordActivity, type Actor } from './activity.js';

type MemberRow = Awaited<ReturnType<typeof listMembersWithNames>>[number];

export const toMember = (row: MemberRow): Member => ({
  email: row.email,
  name: row.name ?? null,
  role: row.role,
  addedDate: row.created_at.toISOString(),
  lastSignInDate: row.last_seen_at?.toISOString() ?? null,
  confirmed: !row.unconfirmed,
});

/** Why a change of a membership was refused; the route and the command line word it their way. */
export type MemberRefusal = 'last-admin' | 'not-member' | 'domain-gone';

export type MemberChange =
  { ok: true; before: Role | undefined; after: Role | undefined } | { ok: false; reason: MemberRefusal };

export const lastAdminMessage = (email: string, host: string) =>
  `${email} is the last admin of ${host}; make someone else an admin first`;

/**
 * Gives the e-mail a role on the domain (adds them, or changes their role), in the caller's
 * transaction, with its activity row. Nobody takes the last admin's role away: the domain's row is
 * locked first, so concurrent changes are counted one after the other (decision 046).
 */
export async function setMemberRole(
  trx: Db,
  domainId: string,
  actor: Actor,
  email: string,
  role: Role,
  options: { mustExist?: boolean; now?: Date } = {},
): Promise<MemberChange> {
  if (!(await lockDomainMemberships(trx, domainId))) return { ok: false, reason: 'domain-gone' };
  const before = await findMemberRole(trx, domainId, email);
  if (before === undefined && options.mustExist) return { ok: false, reason: 'not-member' };
  if (before === role) return { ok: true, before, after: role };
  if (before === 'admin' && (await countAdmins(trx, domainId)) <= 1)
    return { ok: false, reason: 'last-admin' };
  if (before === 'admin') await revokeInvitationsOf(trx, domainId, actor, email, options.now);
  await upsertMembership(trx, domainId, email, role);
  await recordActivity(trx, domainId, actor, {
    kind: before === undefined ? 'member.added' : 'member.role_changed',
    objectId: email.toLowerCase(),
    objectLabel: email.toLowerCase(),
    before: before === undefined ? undefined : { role: before },
    after: { role },
  });
  return { ok: true, before, after: role };
}

/** Takes the e-mail off the domain, with its activity row; never its last admin (see setMemberRole). */
export async function removeMember(
  trx: Db,
  domainId: string,
  actor: Actor,
  email: string,
  now?: Date,
): Promise<MemberChange> {
  if (!(await lockDomainMemberships(trx, domainId))) return { ok: false, reason: 'domain-gone' };
  const before = await findMemberRole(trx, domainId, email);
  if (before === undefined) return { ok: false, reason: 'not-member' };
  if (before === 'admin' && (await countAdmins(trx, domainId)) <= 1)
    return { ok: false, reason: 'last-admin' };
  if (before === 'admin') await revokeInvitationsOf(trx, domainId, actor, email, now);
  await deleteMembership(trx, domainId, email);
  await recordActivity(trx, domainId, actor, {
    kind: 'member.removed',
    objectId: email.toLowerCase(),
    objectLabel: email.toLowerCase(),
    before: { role: before },
  });
  return { ok: true, before, after: undefined };
}

/**
 * An admin who is removed or demoted no longer vouches for the invitations they made or last
 * renewed (decision 055): those still pending are revoked, each with its activity row.
 */
async function revokeInvitationsOf(trx: Db, domainId: string, actor: Actor, email: string, now = new Date()) {
  for (const row of await revokeInvitationsBy(trx, domainId, email, now)) {
    await recordActivity(trx, domainId, actor, {
      kind: 'invitation.revoked',
      objectId: row.email,
      objectLabel: row.email,
    });
  }
}
