import type { UserInfo } from '@masthead/contract';
import { api } from '../../../lib/api.js';

/** GET /cms/user/info: the user's domains and their role in each (DESIGN §2). */
export const userInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/cms/user/info',
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserInfoQuery } = userInfoApi;
