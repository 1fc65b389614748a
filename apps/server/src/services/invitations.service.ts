import { INVITATION_DAYS, type Invitation, type NewInvitation, type Role } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { insertAccount } from '../db/repositories/idp-accounts.repository.js';
import {
  findInvitationByTokenHash,
  insertInvitation,
  markInvitationAccepted,
  renewInvitation,
  revokeInvitation,
} from '../db/repositories/invitations.repository.js';
import type { InvitationRow } from '../db/tables/database.table.js';
import { hashPassword } from '../lib/password-hash.js';
import {
  hashToken,
  looksLikeInvitationToken,
  newInvitationToken,
  newSignInToken,
} from '../lib/invitation-token.js';
import { recordActivity, type Actor } from './activity.js';

const DAY_MS = 24 * 60 * 60_000;
/** How long the invitee's browser may finish its first sign-in without the password. */
export const FIRST_SIGN_IN_MINUTES = 10;
/** Where the invitee opens the link: the built-in provider's page (plugins/app/idp/invitation-routes.ts). */
export const INVITATION_PATH = '/oidc/invitation';

export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;

export const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdDate: row.created_at.toISOString(),
  expiresDate: row.expires_at.toISOString(),
  invitedBy: row.invited_by,
});

const expiry = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * DAY_MS);

/** Makes an invitation in the caller's transaction, with its activity row; the answer carries the link. */
export async function createInvitation(
  trx: Db,
  domainId: string,
  actor: Actor,
  values: { email: string; role: Role; now: Date; publicUrl: string },
): Promise<NewInvitation> {
  const { token, hash } = newInvitationToken();
  const row = await insertInvitation(trx, {
    domainId,
    email: values.email,
    role: values.role,
    tokenHash: hash,
    invitedBy: actor.email,
    expiresAt: expiry(values.now),
  });
  await recordActivity(trx, domainId, actor, {
    kind: 'invitation.created',
    objectId: row.email,
    objectLabel: row.email,
    after: { role: row.role },
  });
  return { ...toInvitation(row), link: invitationLink(values.publicUrl, token) };
}

/** A new link for a pending invitation (the old one stops working), valid for the full period again. */
export async function renewPendingInvitation(
  trx: Db,
  domainId: string,
  actor: Actor,
  id: string,
  values: { now: Date; publicUrl: string },
): Promise<NewInvitation | undefined> {
  const { token, hash } = newInvitationToken();
  const row = await renewInvitation(trx, domainId, id, {
    tokenHash: hash,
    invitedBy: actor.email,
    expiresAt: expiry(values.now),
  });
  if (!row) return undefined;
  await recordActivity(trx, domainId, actor, {
    kind: 'invitation.renewed',
    objectId: row.email,
    objectLabel: row.email,
  });
  return { ...toInvitation(row), link: invitationLink(values.publicUrl, token) };
}

export async function revokePendingInvitation(
  trx: Db,
  domainId: string,
  actor: Actor,
  id: string,
  now: Date,
) {
  const row = await revokeInvitation(trx, domainId, id, now);
  if (!row) return false;
  await recordActivity(trx, domainId, actor, {
    kind: 'invitation.revoked',
    objectId: row.email,
    objectLabel: row.email,
  });
  return true;
}

export type InvitationState = 'unknown' | 'expired' | 'used' | 'revoked' | 'valid';

type FoundInvitation = NonNullable<Awaited<ReturnType<typeof findInvitationByTokenHash>>>;

function stateOf(row: FoundInvitation | undefined, now: Date): InvitationState {
  if (!row) return 'unknown';
  if (row.accepted_at) return 'used';
  if (row.revoked_at) return 'revoked';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** What a link leads to. A token of the wrong shape is unknown without a database lookup. */
export async function findInvitationByToken(db: Db, token: string, now: Date) {
  if (!looksLikeInvitationToken(token)) return { state: 'unknown' as const, invitation: undefined };
  const row = await findInvitationByTokenHash(db, hashToken(token));
  return { state: stateOf(row, now), invitation: row };
}

export type Acceptance =
  | { ok: true; email: string; signInToken: string; accountId: string }
  | { ok: false; state: Exclude<InvitationState, 'valid'> | 'account-exists' };

/**
 * The invitee's answer: the account, the membership, the invitation marked used and its activity
 * row, in one transaction, and a token for the browser's first sign-in (decision 046). The row is
 * locked, so a link submitted twice at once makes one account. The password is hashed before the
 * transaction: scrypt takes half a second, which no lock should wait for.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  values: { name: string; password: string; now: Date },
): Promise<Acceptance> {
  if (!looksLikeInvitationToken(token)) return { ok: false, state: 'unknown' };
  const passwordHash = await hashPassword(values.password);
  const signIn = newSignInToken();
  return db.transaction().execute(async (trx): Promise<Acceptance> => {
    const row = await findInvitationByTokenHash(trx, hashToken(token), true);
    const state = stateOf(row, values.now);
    if (!row || state !== 'valid') return { ok: false, state: state as Exclude<InvitationState, 'valid'> };
    const account = await insertAccount(trx, { email: row.email, name: values.name, passwordHash });
    if (!account) return { ok: false, state: 'account-exists' };
    await trx
      .insertInto('memberships')
      .values({ domain_id: row.domain_id, email: row.email, role: row.role })
      .onConflict((oc) => oc.columns(['domain_id', 'email']).doNothing())
      .execute();
    await markInvitationAccepted(trx, row.id, {
      now: values.now,
      signinHash: signIn.hash,
      signinExpiresAt: new Date(values.now.getTime() + FIRST_SIGN_IN_MINUTES * 60_000),
    });
    await recordActivity(
      trx,
      row.domain_id,
      { email: row.email, name: values.name },
      {
        kind: 'invitation.accepted',
        objectId: row.email,
        objectLabel: values.name,
        after: { role: row.role },
      },
    );
    return { ok: true, email: row.email, signInToken: signIn.token, accountId: account.id };
  });
}
