import { INVITATION_DAYS, type Invitation, type NewInvitation, type Role } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { upsertMembership } from '../db/repositories/domains.repository.js';
import { insertAccount, markEmailVerified } from '../db/repositories/idp-accounts.repository.js';
import {
  findInvitationByTokenHash,
  insertInvitation,
  markInvitationAccepted,
  renewInvitation,
  revokeInvitation,
} from '../db/repositories/invitations.repository.js';
import type { IdpAccountRow, InvitationRow } from '../db/tables/database.table.js';
import { hashPassword } from '../lib/password-hash.js';
import { hashToken, looksLikeInvitationToken, newInvitationToken } from '../lib/one-time-tokens.js';
import type { Mailer } from '../mail/mailer.js';
import { invitationMail } from '../mail/messages.js';
import { recordActivity, type Actor } from './activity.js';
import { issueSignInTicket } from './sign-in-tickets.js';

const DAY_MS = 24 * 60 * 60_000;
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
  emailed: row.emailed,
});

const expiry = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * DAY_MS);

/** How an invitation reaches the invitee: by mail (SMTP_URL), or as a link shown to the admin. */
export interface InvitationDelivery {
  publicUrl: string;
  mailer: Mailer | undefined;
  /** The domain's name and the inviting admin's, for the mail. */
  domainName: string;
}

/**
 * With a mailer the link goes only to the invitee's mailbox (accepting it then proves the mailbox,
 * decision 056) and the answer does not carry it; otherwise the answer carries it, shown once. The
 * mail is sent inside the caller's transaction: when it cannot be sent, nothing is made.
 */
async function deliver(
  row: InvitationRow,
  token: string,
  actor: Actor,
  delivery: InvitationDelivery,
): Promise<NewInvitation> {
  const link = invitationLink(delivery.publicUrl, token);
  if (!delivery.mailer) return { ...toInvitation(row), link };
  await delivery.mailer.send(
    invitationMail({
      to: row.email,
      domainName: delivery.domainName,
      role: row.role,
      invitedBy: actor.name || actor.email,
      link,
      days: INVITATION_DAYS,
    }),
  );
  return toInvitation(row);
}

/** Makes an invitation in the caller's transaction, with its activity row, and delivers it. */
export async function createInvitation(
  trx: Db,
  domainId: string,
  actor: Actor,
  values: { email: string; role: Role; now: Date },
  delivery: InvitationDelivery,
): Promise<NewInvitation> {
  const { token, hash } = newInvitationToken();
  const row = await insertInvitation(trx, {
    domainId,
    email: values.email,
    role: values.role,
    tokenHash: hash,
    invitedBy: actor.email,
    expiresAt: expiry(values.now),
    emailed: delivery.mailer !== undefined,
  });
  await recordActivity(trx, domainId, actor, {
    kind: 'invitation.created',
    objectId: row.email,
    objectLabel: row.email,
    after: { role: row.role },
  });
  return deliver(row, token, actor, delivery);
}

/** A new link for a pending invitation (the old one stops working), valid for the full period again. */
export async function renewPendingInvitation(
  trx: Db,
  domainId: string,
  actor: Actor,
  id: string,
  values: { now: Date },
  delivery: InvitationDelivery,
): Promise<NewInvitation | undefined> {
  const { token, hash } = newInvitationToken();
  const row = await renewInvitation(trx, domainId, id, {
    tokenHash: hash,
    invitedBy: actor.email,
    expiresAt: expiry(values.now),
    emailed: delivery.mailer !== undefined,
  });
  if (!row) return undefined;
  await recordActivity(trx, domainId, actor, {
    kind: 'invitation.renewed',
    objectId: row.email,
    objectLabel: row.email,
  });
  return deliver(row, token, actor, delivery);
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
  | { ok: true; email: string; signIn: { token: string; binding: string }; accountId: string }
  | { ok: false; state: Exclude<InvitationState, 'valid'> | 'account-exists' };

/**
 * The invitation, locked, when it is still valid; the rest of the acceptance happens under that
 * lock, so a link submitted twice at once is accepted once.
 */
async function lockValid(trx: Db, token: string, now: Date) {
  const row = await findInvitationByTokenHash(trx, hashToken(token), true);
  const state = stateOf(row, now);
  return row && state === 'valid'
    ? { row }
    : { refused: { ok: false, state: state as Exclude<InvitationState, 'valid'> } as const };
}

/**
 * The membership the invitation gives, bound to the account that accepted it (decision 055): the
 * inviting domain's role and nothing else. An e-mailed link proves the mailbox, so the account's
 * other memberships by address then apply too. Then the invitation is used, its activity row is
 * written, and the browser gets its first sign-in ticket.
 */
async function grant(
  trx: Db,
  row: FoundInvitation,
  account: Pick<IdpAccountRow, 'id' | 'name'>,
  now: Date,
): Promise<Acceptance> {
  await upsertMembership(trx, row.domain_id, row.email, row.role, account.id);
  if (row.emailed) await markEmailVerified(trx, account.id);
  await markInvitationAccepted(trx, row.id, now);
  await recordActivity(
    trx,
    row.domain_id,
    { email: row.email, name: account.name },
    {
      kind: 'invitation.accepted',
      objectId: row.email,
      objectLabel: account.name,
      after: { role: row.role },
    },
  );
  const signIn = await issueSignInTicket(trx, account.id, now);
  return { ok: true, email: row.email, signIn, accountId: account.id };
}

/**
 * The invitee without an account: the account, the membership, the invitation marked used and its
 * activity row, in one transaction. The password is hashed before it: scrypt takes half a second,
 * which no lock should wait for. The account owns its mailbox only when the link was e-mailed.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  values: { name: string; password: string; now: Date },
): Promise<Acceptance> {
  if (!looksLikeInvitationToken(token)) return { ok: false, state: 'unknown' };
  const passwordHash = await hashPassword(values.password);
  return db.transaction().execute(async (trx): Promise<Acceptance> => {
    const { row, refused } = await lockValid(trx, token, values.now);
    if (refused) return refused;
    const account = await insertAccount(trx, {
      email: row.email,
      name: values.name,
      passwordHash,
      emailVerified: row.emailed,
    });
    if (!account) return { ok: false, state: 'account-exists' };
    return grant(trx, row, account, values.now);
  });
}

/**
 * The invitee who has an account already and has just proven it (its password, checked by the
 * caller): the invitation's membership is given to that account (decision 055).
 */
export async function acceptInvitationAsAccount(
  db: Db,
  token: string,
  account: IdpAccountRow,
  now: Date,
): Promise<Acceptance> {
  if (!looksLikeInvitationToken(token)) return { ok: false, state: 'unknown' };
  return db.transaction().execute(async (trx): Promise<Acceptance> => {
    const { row, refused } = await lockValid(trx, token, now);
    if (refused) return refused;
    if (row.email !== account.email) return { ok: false, state: 'unknown' };
    return grant(trx, row, account, now);
  });
}
