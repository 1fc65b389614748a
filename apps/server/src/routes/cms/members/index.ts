import { Type } from '@sinclair/typebox';
import {
  AddMemberResult,
  DomainQuery,
  IdParams,
  InvitationList,
  Member,
  MemberInput,
  MemberList,
  MemberParams,
  MemberRoleInput,
  NewInvitation,
} from '@masthead/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAccountByEmail } from '../../../db/repositories/idp-accounts.repository.js';
import {
  findPendingInvitationByEmail,
  listPendingInvitations,
} from '../../../db/repositories/invitations.repository.js';
import type { Db } from '../../../db/database.js';
import {
  findMemberWithName,
  findOwnRole,
  listMembersWithNames,
  lockDomainMemberships,
} from '../../../db/repositories/members.repository.js';
import { conflict, forbidden, notFound } from '../../../lib/app-error.js';
import type { Mailer } from '../../../mail/mailer.js';
import { memberIdentity, requireDomain, type DomainAccess } from '../../../services/access.js';
import type { Actor } from '../../../services/activity.js';
import {
  createInvitation,
  type InvitationDelivery,
  renewPendingInvitation,
  revokePendingInvitation,
  toInvitation,
} from '../../../services/invitations.service.js';
import {
  lastAdminMessage,
  removeMember,
  setMemberRole,
  toMember,
  type MemberRefusal,
} from '../../../services/members.service.js';
import { errorResponses, security } from '../../route-schemas.js';

export interface MemberRoutesOptions {
  publicUrl: string;
  /** The built-in provider makes invitation links; with OIDC_AUTHORITY every e-mail is added directly. */
  invitations: boolean;
  /** With SMTP_URL, invitations are e-mailed instead of shown (decision 056). */
  mailer?: Mailer | undefined;
}

const tags = ['members'];

const actorOf = (request: FastifyRequest): Actor => ({ email: request.user.email, name: request.user.name });

/**
 * Takes the domain's membership lock (decision 046), then checks again that the caller is still
 * an admin: another admin may have demoted them since the access check.
 */
async function lockAsAdmin(trx: Db, access: DomainAccess, request: FastifyRequest) {
  await lockDomainMemberships(trx, access.id);
  if ((await findOwnRole(trx, access.id, memberIdentity(request.user))) !== 'admin')
    throw forbidden(`You are no longer an admin of ${access.domain}`);
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
 * A domain's members and invitations (issue 22, decision 046), managed by its admins. Every change
 * writes its activity row in its own transaction.
 */
export default async function memberRoutes(app: FastifyInstance, options: MemberRoutesOptions) {
  const now = () => app.clock();
  const delivery = (access: DomainAccess): InvitationDelivery => ({
    publicUrl: options.publicUrl,
    mailer: options.mailer,
    domainName: access.name,
  });

  app.get<{ Querystring: DomainQuery }>(
    '/members',
    {
      schema: {
        tags,
        summary: "The domain's members by e-mail, with their role, name and last sign-in",
        security,
        querystring: DomainQuery,
        response: { 200: MemberList, ...errorResponses(400) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      return (await listMembersWithNames(app.db, access.id)).map(toMember);
    },
  );

  app.post<{ Querystring: DomainQuery; Body: MemberInput }>(
    '/members',
    {
      schema: {
        tags,
        summary: 'Add a member by e-mail, or invite them',
        description:
          'With the built-in identity provider, an e-mail whose account owns its mailbox is a member ' +
          'at once; any other gets an invitation (valid for 7 days): e-mailed to it with SMTP_URL, ' +
          'otherwise the answer carries its single-use link, shown this once. An account made from ' +
          "another domain's invitation link has not shown that it owns the mailbox, so it is invited " +
          'too, and accepts by entering its password (decision 055). With an external provider ' +
          '(OIDC_AUTHORITY), the e-mail is a member at once and is recognised at its first sign-in. ' +
          '409 when the e-mail is already a member or has a pending invitation. 503 when the ' +
          'invitation e-mail cannot be sent (nothing is made).',
        security,
        querystring: DomainQuery,
        body: MemberInput,
        response: { 201: AddMemberResult, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const email = request.body.email.trim().toLowerCase();
      const { role } = request.body;
      const actor = actorOf(request);
      const result = await app.db.transaction().execute(async (trx): Promise<AddMemberResult> => {
        // Two admins adding the same e-mail at once are decided one after the other.
        await lockAsAdmin(trx, access, request);
        const existing = await findMemberWithName(trx, access.id, email);
        if (existing && !existing.unconfirmed)
          throw conflict(`${email} is already a member of ${access.domain}; change their role instead`);
        if (options.invitations && (await needsInvitation(trx, email))) {
          if (await findPendingInvitationByEmail(trx, access.id, email))
            throw conflict(
              `${email} has a pending invitation to ${access.domain}; renew it from the pending invitations`,
            );
          const invitation = await createInvitation(
            trx,
            access.id,
            actor,
            { email, role, now: now() },
            delivery(access),
          );
          return { added: 'invitation', invitation };
        }
        const change = await setMemberRole(trx, access.id, actor, email, role, { now: now() });
        if (!change.ok) refused(change.reason, email, access);
        const member = await findMemberWithName(trx, access.id, email);
        return { added: 'member', member: toMember(member!) };
      });
      return reply.code(201).send(result);
    },
  );

  app.put<{ Querystring: DomainQuery; Params: MemberParams; Body: MemberRoleInput }>(
    '/members/:email',
    {
      schema: {
        tags,
        summary: "Change a member's role; never the last admin's (409)",
        security,
        params: MemberParams,
        querystring: DomainQuery,
        body: MemberRoleInput,
        response: { 200: Member, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const email = request.params.email.toLowerCase();
      return app.db.transaction().execute(async (trx) => {
        await lockAsAdmin(trx, access, request);
        const change = await setMemberRole(trx, access.id, actorOf(request), email, request.body.role, {
          mustExist: true,
          now: now(),
        });
        if (!change.ok) refused(change.reason, email, access);
        return toMember((await findMemberWithName(trx, access.id, email))!);
      });
    },
  );

  app.delete<{ Querystring: DomainQuery; Params: MemberParams }>(
    '/members/:email',
    {
      schema: {
        tags,
        summary: 'Remove a member from the domain; never its last admin (409). Their posts stay',
        security,
        params: MemberParams,
        querystring: DomainQuery,
        response: { 204: Type.Null(), ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const email = request.params.email.toLowerCase();
      await app.db.transaction().execute(async (trx) => {
        await lockAsAdmin(trx, access, request);
        const change = await removeMember(trx, access.id, actorOf(request), email, now());
        if (!change.ok) refused(change.reason, email, access);
      });
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: DomainQuery }>(
    '/invitations',
    {
      schema: {
        tags,
        summary: "The domain's pending invitations, oldest first, without their links",
        description: 'Expired ones are listed too (see expiresDate): a renewal makes a new link.',
        security,
        querystring: DomainQuery,
        response: { 200: InvitationList, ...errorResponses(400) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      return (await listPendingInvitations(app.db, access.id)).map(toInvitation);
    },
  );

  app.post<{ Querystring: DomainQuery; Params: IdParams }>(
    '/invitations/:id/renew',
    {
      schema: {
        tags,
        summary:
          'A new link for a pending invitation, valid for 7 days (e-mailed again with SMTP_URL); the old link stops working',
        security,
        params: IdParams,
        querystring: DomainQuery,
        response: { 200: NewInvitation, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const renewed = await app.db
        .transaction()
        .execute((trx) =>
          renewPendingInvitation(
            trx,
            access.id,
            actorOf(request),
            request.params.id,
            { now: now() },
            delivery(access),
          ),
        );
      if (!renewed) throw notFound('Invitation');
      return renewed;
    },
  );

  app.delete<{ Querystring: DomainQuery; Params: IdParams }>(
    '/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a pending invitation; its link shows that it was revoked',
        security,
        params: IdParams,
        querystring: DomainQuery,
        response: { 204: Type.Null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const revoked = await app.db
        .transaction()
        .execute((trx) =>
          revokePendingInvitation(trx, access.id, actorOf(request), request.params.id, now()),
        );
      if (!revoked) throw notFound('Invitation');
      return reply.code(204).send();
    },
  );
}
