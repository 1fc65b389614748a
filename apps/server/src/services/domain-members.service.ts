import type { AddMemberResult, Member, NewInvitation, Role } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { findAccountByEmail } from '../db/repositories/idp-accounts.repository.js';
import { findPendingInvitationByEmail } from '../db/repositories/invitations.repository.js';
import type { MemberIdentity } from '../db/repositories/domains.repository.js';
import {
  findMemberWithName,
  findOwnRole,
  lockDomainMemberships,
} from '../db/repositories/members.repository.js';
import { conflict, forbidden, notFound } from '../lib/app-error.js';
import type { DomainAccess } from './access.js';
import type { Actor } from './activity.js';
import {
  createInvitation,
  renewPendingInvitation,
  revokePendingInvitation,
  type InvitationDelivery,
} from './invitations.service.js';
import {
  lastAdminMessage,
  removeMember,
  setMemberRole,
  toMember,
  type MemberRefusal,
} from './members.service.js';

// An admin's changes to a domain's members and invitations in the back office (issue 22, decision
// 046), each in its own transaction with its activity row.

/** A change by an admin of the domain. */
export interface AdminChange {
  access: DomainAccess;
  /** Who asks, checked again under the lock. */
  identity: MemberIdentity;
  /** How the activity trail names them. */
  actor: Actor;
  /** The server's clock, read once the change holds its locks (its times are stamped then). */
  clock: () => Date;
}

/**
 * Takes the domain's membership lock (decision 046), then checks again that the caller is still
 * an admin: another admin may have demoted them since the access check.
 */
async function lockAsAdmin(trx: Db, change: AdminChange) {
  await lockDomainMemberships(trx, change.access.id);
  if ((await findOwnRole(trx, change.access.id, change.identity)) !== 'admin')
    throw forbidden(`You are no longer an admin of ${change.access.domain}`);
}

/**
 * With the built-in provider, an e-mail is added directly only when its account owns the mailbox
 * (decision 055). Without an account, or with one made from another domain's invitation link, the
 * person is invited: accepting gives the role to whoever accepts, and only this domain's.
 */
async function needsInvitation(trx: Db, email: string) {
  const account = await findAccountByEmail(trx, email);
  return !account?.email_verified;
}

function refused(reason: MemberRefusal, email: string, access: DomainAccess): never {
  if (reason === 'last-admin') throw conflict(lastAdminMessage(email, access.domain));
  throw notFound('Member');
}

/**
 * Adds the e-mail as a member, or invites it when `invitations` (the built-in provider) and its
 * account does not own the mailbox. 409 when it is a member or has a pending invitation already.
 */
export function addDomainMember(
  db: Db,
  change: AdminChange,
  input: { email: string; role: Role },
  invite: { invitations: boolean; delivery: InvitationDelivery },
): Promise<AddMemberResult> {
  const { access, actor, clock } = change;
  const email = input.email.trim().toLowerCase();
  return db.transaction().execute(async (trx): Promise<AddMemberResult> => {
    // Two admins adding the same e-mail at once are decided one after the other.
    await lockAsAdmin(trx, change);
    const existing = await findMemberWithName(trx, access.id, email);
    if (existing && !existing.unconfirmed)
      throw conflict(`${email} is already a member of ${access.domain}; change their role instead`);
    if (invite.invitations && (await needsInvitation(trx, email))) {
      if (await findPendingInvitationByEmail(trx, access.id, email))
        throw conflict(
          `${email} has a pending invitation to ${access.domain}; renew it from the pending invitations`,
        );
      const values = { email, role: input.role, now: clock() };
      const invitation = await createInvitation(trx, access.id, actor, values, invite.delivery);
      return { added: 'invitation', invitation };
    }
    const result = await setMemberRole(trx, access.id, actor, email, input.role, { now: clock() });
    if (!result.ok) refused(result.reason, email, access);
    const member = await findMemberWithName(trx, access.id, email);
    return { added: 'member', member: toMember(member!) };
  });
}

/** Changes a member's role; never the last admin's (409). */
export function changeDomainMemberRole(
  db: Db,
  change: AdminChange,
  memberEmail: string,
  role: Role,
): Promise<Member> {
  const { access, actor, clock } = change;
  const email = memberEmail.toLowerCase();
  return db.transaction().execute(async (trx) => {
    await lockAsAdmin(trx, change);
    const result = await setMemberRole(trx, access.id, actor, email, role, { mustExist: true, now: clock() });
    if (!result.ok) refused(result.reason, email, access);
    return toMember((await findMemberWithName(trx, access.id, email))!);
  });
}

/** Takes a member off the domain; never its last admin (409). Their posts stay. */
export async function removeDomainMember(db: Db, change: AdminChange, memberEmail: string) {
  const { access, actor, clock } = change;
  const email = memberEmail.toLowerCase();
  await db.transaction().execute(async (trx) => {
    await lockAsAdmin(trx, change);
    const result = await removeMember(trx, access.id, actor, email, clock());
    if (!result.ok) refused(result.reason, email, access);
  });
}

/** A new link for a pending invitation (e-mailed again with a mailer); the old link stops working. */
export async function renewDomainInvitation(
  db: Db,
  change: AdminChange,
  id: string,
  delivery: InvitationDelivery,
): Promise<NewInvitation> {
  const { access, actor, clock } = change;
  const renewed = await db
    .transaction()
    .execute((trx) => renewPendingInvitation(trx, access.id, actor, id, { now: clock() }, delivery));
  if (!renewed) throw notFound('Invitation');
  return renewed;
}

/** Revokes a pending invitation; its link then shows that it was revoked. */
export async function revokeDomainInvitation(db: Db, change: AdminChange, id: string) {
  const { access, actor, clock } = change;
  const revoked = await db
    .transaction()
    .execute((trx) => revokePendingInvitation(trx, access.id, actor, id, clock()));
  if (!revoked) throw notFound('Invitation');
}
