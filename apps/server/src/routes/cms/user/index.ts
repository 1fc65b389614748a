import { UserInfo } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { listMembershipsOf } from '../../../db/repositories/domains.repository.js';
import { findAccountById } from '../../../db/repositories/idp-accounts.repository.js';
import { touchLastSeen } from '../../../db/repositories/members.repository.js';
import { memberIdentity } from '../../../services/access.js';
import { errorResponses, security } from '../../route-schemas.js';

/**
 * `builtInAccounts`: the server is its own identity provider, so the name comes from the account
 * itself and a change (PUT /cms/account) shows at once, before the token carrying it is issued.
 */
export default async function userRoutes(app: FastifyInstance, options: { builtInAccounts: boolean }) {
  app.get(
    '/user/info',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user, their domains and their role in each',
        security,
        response: { 200: UserInfo, ...errorResponses() },
      },
    },
    async (request): Promise<UserInfo> => {
      // The web app asks this on every start: it is the member's last sign-in (decision 046).
      const member = memberIdentity(request.user);
      await touchLastSeen(app.db, member, app.clock());
      const memberships = await listMembershipsOf(app.db, member);
      const account = options.builtInAccounts ? await findAccountById(app.db, request.user.sub) : undefined;
      return {
        domains: memberships.map((m) => m.domain),
        memberships: memberships.map((m) => ({ domain: m.domain, role: m.role })),
        name: account?.name ?? request.user.name,
        email: request.user.email,
      };
    },
  );
}
