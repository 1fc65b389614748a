import { Type, type Static } from '@sinclair/typebox';
import { RoleSchema } from './domain.js';

/** The longest e-mail address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 320;
/** How long an invitation link works (issue 22). */
export const INVITATION_DAYS = 7;

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

/** One member of a domain, as its admins see them (issue 22). */
export const Member = Type.Object(
  {
    email: Type.String(),
    name: Nullable(Type.String(), "The built-in provider's account name; null when there is none"),
    role: RoleSchema,
    addedDate: DateTime,
    lastSignInDate: Nullable(
      DateTime,
      'When the member last opened the web app (to the minute); null: never since they were added',
    ),
    confirmed: Type.Boolean({
      description:
        "False while the address's account (built-in provider) has not shown that it owns the mailbox " +
        'and was not given this membership through an invitation: the membership does not apply yet. ' +
        'Inviting the address again lets its account accept with its password (decision 055).',
    }),
  },
  { title: 'Member' },
);
export type Member = Static<typeof Member>;

export const MemberList = Type.Array(Member);
export type MemberList = Static<typeof MemberList>;

export const MemberInput = Type.Object({
  email: Type.String({ minLength: 3, maxLength: MAX_EMAIL_LENGTH, format: 'email' }),
  role: RoleSchema,
});
export type MemberInput = Static<typeof MemberInput>;

export const MemberRoleInput = Type.Object({ role: RoleSchema });
export type MemberRoleInput = Static<typeof MemberRoleInput>;

export const MemberParams = Type.Object({
  email: Type.String({ minLength: 3, maxLength: MAX_EMAIL_LENGTH, format: 'email' }),
});
export type MemberParams = Static<typeof MemberParams>;

/** A pending invitation: never its link, which is shown only when it is made or renewed. */
export const Invitation = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    role: RoleSchema,
    createdDate: DateTime,
    expiresDate: DateTime,
    invitedBy: Type.String({ description: 'The e-mail of the admin who made or last renewed it' }),
    emailed: Type.Boolean({
      description: 'The link was e-mailed to the invitee (SMTP_URL) and is never shown (decision 056)',
    }),
  },
  { title: 'Invitation' },
);
export type Invitation = Static<typeof Invitation>;

export const InvitationList = Type.Array(Invitation);
export type InvitationList = Static<typeof InvitationList>;

/**
 * An invitation as the call that made or renewed it answers: with its link, unless the link was
 * e-mailed to the invitee (then nobody else sees it).
 */
export const NewInvitation = Type.Composite(
  [
    Invitation,
    Type.Object({
      link: Type.Optional(
        Type.String({
          description:
            'The single-use link for the invitee, when it was not e-mailed; shown this once, stored only as a SHA-256',
        }),
      ),
    }),
  ],
  { title: 'NewInvitation' },
);
export type NewInvitation = Static<typeof NewInvitation>;

/**
 * What POST /cms/members answers: the member when the e-mail was added directly (it has an
 * account, or an external provider signs people in), or the invitation when it has no account yet.
 */
export const AddMemberResult = Type.Union(
  [
    Type.Object({ added: Type.Literal('member'), member: Member }),
    Type.Object({ added: Type.Literal('invitation'), invitation: NewInvitation }),
  ],
  { title: 'AddMemberResult' },
);
export type AddMemberResult = Static<typeof AddMemberResult>;
