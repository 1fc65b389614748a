import type { Account, AccountNameChange, PasswordChange } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { endpointsWithInlineErrors } from '../../../lib/inline-errors.js';

/** The signed-in user's own account at the built-in provider (decision 045). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /cms/account */
    changeAccountName: build.mutation<Account, AccountNameChange>({
      query: (body) => ({ url: '/cms/account', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    /** PUT /cms/account/password: also ends every sign-in of the account, this one too. */
    changePassword: build.mutation<void, PasswordChange>({
      query: (body) => ({ url: '/cms/account/password', method: 'PUT', body }),
    }),
    /** POST /cms/account/sign-out-everywhere */
    signOutEverywhere: build.mutation<void, void>({
      query: () => ({ url: '/cms/account/sign-out-everywhere', method: 'POST' }),
    }),
  }),
});

// The dialogs show these calls' refusals beside their fields.
endpointsWithInlineErrors.add('changeAccountName');
endpointsWithInlineErrors.add('changePassword');

export const { useChangeAccountNameMutation, useChangePasswordMutation, useSignOutEverywhereMutation } =
  accountApi;
