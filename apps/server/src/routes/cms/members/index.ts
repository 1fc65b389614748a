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
import { listPendingInvitations } from '../../../db/repositories/invitations.repository.js';
import { listMembersWithNames } from '../../../db/repositories/members.repository.js';
import type { Mailer } from '../../../mail/mailer.js';
import { memberIdentity, requireDomain, type DomainAccess } from '../../../services/access.js';
import {
  addDomainMember,
  changeDomainMemberRole,
  removeDomainMember,
  renewDomainInvitation,
  revokeDomainInvitation,
  type AdminChange,
} from '../../../services/domain-members.service.js';
import { toInvitation, type InvitationDelivery } from '../../../services/invitations.service.js';
import { toMember } from '../../../services/members.service.js';
import { errorResponses, security } from '../../route-schemas.js';

export interface MemberRoutesOptions {
  publicUrl: string;
  /** The built-in provider makes invitation links; with OIDC_AUTHORITY every e-mail is added directly. */
  invitations: boolean;
  /** With SMTP_URL, invitations are e-mailed instead of shown (decision 056). */
  mailer?: Mailer | undefined;
}

const tags = ['members'];

/**
 * A domain's members and invitations (issue 22, decision 046), managed by its admins. Every change
 * writes its activity row in its own transaction.
 */
export default async function memberRoutes(app: FastifyInstance, options: MemberRoutesOptions) {
  const adminChange = (request: FastifyRequest, access: DomainAccess): AdminChange => ({
    access,
    identity: memberIdentity(request.user),
    actor: { email: request.user.email, name: request.user.name },
    clock: () => app.clock(),
  });
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
      const result = await addDomainMember(app.db, adminChange(request, access), request.body, {
        invitations: options.invitations,
        delivery: delivery(access),
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
      return changeDomainMemberRole(
        app.db,
        adminChange(request, access),
        request.params.email,
        request.body.role,
      );
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
      await removeDomainMember(app.db, adminChange(request, access), request.params.email);
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
      return renewDomainInvitation(app.db, adminChange(request, access), request.params.id, delivery(access));
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
      await revokeDomainInvitation(app.db, adminChange(request, access), request.params.id);
      return reply.code(204).send();
    },
  );
}
