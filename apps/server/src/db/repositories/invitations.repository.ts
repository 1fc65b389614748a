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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new token (and role, and validity) for a pending invitation of the domain: the old link is dead. */
export function renewInvitation(
  db: Db,
  domainId: string,
  id: string,
  values: { tokenHash: string; invitedBy: string; expiresAt: Date; role?: Role },
) {
  return db
    .updateTable('invitations')
    .set({
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      expires_at: values.expiresAt,
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

export function markInvitationAccepted(
  db: Db,
  id: string,
  values: { now: Date; signinHash: string; signinExpiresAt: Date },
) {
  return db
    .updateTable('invitations')
    .set({
      accepted_at: values.now,
      signin_hash: values.signinHash,
      signin_expires_at: values.signinExpiresAt,
    })
    .where('id', '=', id)
    .execute();
}

/** The e-mail whose first sign-in this token finishes, once: the hash is cleared as it is read. */
export function consumeSignIn(db: Db, signinHash: string, now: Date) {
  return db
    .updateTable('invitations')
    .set({ signin_hash: null })
    .where('signin_hash', '=', signinHash)
    .where('signin_expires_at', '>', now)
    .returning('email')
    .executeTakeFirst();
}
