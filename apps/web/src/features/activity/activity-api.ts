import type { ActivityActor, ActivityEntry, PagedResponse } from '@masthead/contract';
import { api } from '../../lib/api.js';

export interface ActivityPageArgs {
  domain: string;
  page: number;
  numberOfEntries: number;
  /** A person's e-mail; every person when absent. */
  email?: string | undefined;
  /** One kind or an object (`post`); every kind when absent. */
  kind?: string | undefined;
}

/** GET /cms/activity and /cms/activity/people (issue 22), injected only by the Activity tab's chunk. */
export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActivityPage: build.query<PagedResponse<ActivityEntry>, ActivityPageArgs>({
      query: ({ domain, page, numberOfEntries, email, kind }) => ({
        url: '/cms/activity',
        params: {
          domain,
          page,
          numberOfEntries,
          ...(email ? { email } : {}),
          ...(kind ? { kind } : {}),
        },
      }),
    }),
    getActivityPeople: build.query<ActivityActor[], string>({
      query: (domain) => ({ url: '/cms/activity/people', params: { domain } }),
    }),
  }),
});

export const { useGetActivityPageQuery, useGetActivityPeopleQuery } = activityApi;
