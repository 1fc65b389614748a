import type {
  AddMemberResult,
  InvitationList,
  Member,
  MemberList,
  NewInvitation,
  Role,
} from '@masthead/contract';
import { api } from '../../../lib/api.js';

/**
 * The members tab's calls (issue 22). Its tags are added here rather than in lib/api.ts, so that
 * none of this reaches the main bundle: the tab is a chunk of its own.
 */
const membersBase = api.enhanceEndpoints({ addTagTypes: ['Member', 'Invitation'] });

const MEMBERS = { type: 'Member', id: 'LIST' } as const;
const INVITATIONS = { type: 'Invitation', id: 'LIST' } as const;

export const membersApi = membersBase.injectEndpoints({
  endpoints: (build) => ({
    /** GET /cms/members: the domain's members by e-mail. */
    getMembers: build.query<MemberList, { domain: string }>({
      query: ({ domain }) => ({ url: '/cms/members', params: { domain } }),
      providesTags: [MEMBERS],
    }),
    /** POST /cms/members: a member at once, or an invitation (built-in provider) whose link is shown once. */
    addMember: build.mutation<AddMemberResult, { domain: string; email: string; role: Role }>({
      query: ({ domain, email, role }) => ({
        url: '/cms/members',
        method: 'POST',
        params: { domain },
        body: { email, role },
      }),
      invalidatesTags: [MEMBERS, INVITATIONS],
    }),
    /** PUT /cms/members/{email}: a new role; never the last admin's. */
    setMemberRole: build.mutation<Member, { domain: string; email: string; role: Role }>({
      query: ({ domain, email, role }) => ({
        url: `/cms/members/${encodeURIComponent(email)}`,
        method: 'PUT',
        params: { domain },
        body: { role },
      }),
      invalidatesTags: [MEMBERS],
    }),
    /** DELETE /cms/members/{email}. */
    removeMember: build.mutation<void, { domain: string; email: string }>({
      query: ({ domain, email }) => ({
        url: `/cms/members/${encodeURIComponent(email)}`,
        method: 'DELETE',
        params: { domain },
      }),
      invalidatesTags: [MEMBERS],
    }),
    /** GET /cms/invitations: the pending ones, without links. */
    getInvitations: build.query<InvitationList, { domain: string }>({
      query: ({ domain }) => ({ url: '/cms/invitations', params: { domain } }),
      providesTags: [INVITATIONS],
    }),
    /** POST /cms/invitations/{id}/renew: a new link; the old one stops working. */
    renewInvitation: build.mutation<NewInvitation, { domain: string; id: string }>({
      query: ({ domain, id }) => ({
        url: `/cms/invitations/${encodeURIComponent(id)}/renew`,
        method: 'POST',
        params: { domain },
      }),
      invalidatesTags: [INVITATIONS],
    }),
    /** DELETE /cms/invitations/{id}. */
    revokeInvitation: build.mutation<void, { domain: string; id: string }>({
      query: ({ domain, id }) => ({
        url: `/cms/invitations/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { domain },
      }),
      invalidatesTags: [INVITATIONS],
    }),
  }),
});

export const {
  useGetMembersQuery,
  useAddMemberMutation,
  useSetMemberRoleMutation,
  useRemoveMemberMutation,
  useGetInvitationsQuery,
  useRenewInvitationMutation,
  useRevokeInvitationMutation,
} = membersApi;
