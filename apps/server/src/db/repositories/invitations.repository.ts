import type { Role } from '@masthead/contract';
import type { Db } from '../database.js';

const pending = { accepted_at: null, revoked_at: null } as const;

/** The domain's pending invitations (expired ones too, which can be renewed), oldest first. */
export function listPendingInvitations(db: Db, domainId: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('domain_id', '=', domainId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findPendingInvitationByEmail(db: Db, domainId: string, email: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('domain_id', '=', domainId)
    .where('email', '=', email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function insertInvitation(
  db: Db,
  values: {
    domainId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
    emailed: boolean;
  },
) {
  return db
    .insertInto('invitations')
    .values({
      domain_id: values.domainId,
      email: values.email.toLowerCase(),
      role: values.role,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      expires_at: values.expiresAt,
      emailed: values.emailed,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new token (and role, and validity) for a pending invitation of the domain: the old link is dead. */
export function renewInvitation(
  db: Db,
  domainId: string,
  id: string,
  values: { tokenHash: string; invitedBy: string; expiresAt: Date; emailed: boolean; role?: Role },
) {
  return db
    .updateTable('invitations')
    .set({
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      expires_at: values.expiresAt,
      emailed: values.emailed,
      ...(values.role ? { role: values.role } : {}),
    })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .where('accepted_at', 'is', pending.accepted_at)
    .where('revoked_at', 'is', pending.revoked_at)
    .returningAll()
    .executeTakeFirst();
}

export function revokeInvitation(db: Db, domainId: string, id: string, now: Date) {
  return db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The invitation whose token has this hash, in any state; `forUpdate` when it is about to be accepted. */
export function findInvitationByTokenHash(db: Db, tokenHash: string, forUpdate = false) {
  const query = db
    .selectFrom('invitations')
    .innerJoin('domains', 'domains.id', 'invitations.domain_id')
    .selectAll('invitations')
    .select(['domains.domain', 'domains.name as domain_name'])
    .where('token_hash', '=', tokenHash);
  return (forUpdate ? query.forUpdate('invitations') : query).executeTakeFirst();
}

export function markInvitationAccepted(db: Db, id: string, now: Date) {
  return db.updateTable('invitations').set({ accepted_at: now }).where('id', '=', id).execute();
}

/**
 * Revokes the domain's pending invitations that this admin made or last renewed: an admin who is
 * removed or demoted no longer vouches for them (decision 055). Returns the revoked ones.
 */
export function revokeInvitationsBy(db: Db, domainId: string, invitedBy: string, now: Date) {
  return db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('domain_id', '=', domainId)
    .where('invited_by', '=', invitedBy.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .execute();
}
