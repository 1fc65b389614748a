import { sql } from 'kysely';

/**
 * Who asks, as memberships know people (decision 055): a membership given to an e-mail applies when
 * the caller owns its mailbox; one given to an account (through an invitation) applies to that
 * account. Rights in a domain thus come only from that domain's admins or the operator.
 */
export interface MemberIdentity {
  email: string;
  /** The built-in provider's account; null with an external provider. */
  accountId: string | null;
  ownsEmail: boolean;
}

/**
 * The memberships that apply, as a condition on `memberships`. Its values are text, so that the
 * statements compiled once (compiled-once.ts) can take them as arguments: see `identityArgs`.
 */
export const appliesTo = (email: string, ownsEmail: string, accountId: string) =>
  sql<boolean>`memberships.email = ${email} and (${ownsEmail}::boolean or memberships.account_id::text = ${accountId})`;

export const identityArgs = (member: MemberIdentity) =>
  [member.email.toLowerCase(), String(member.ownsEmail), member.accountId ?? ''] as const;
