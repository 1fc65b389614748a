import type { Domain } from '@masthead/contract';
import { api } from '../../../lib/api.js';

/** POST /cms/domain/info/all: id, host name and display name of each of the given domains. */
export const domainsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDomains: build.query<Domain[], string[]>({
      query: (domains) => ({ url: '/cms/domain/info/all', method: 'POST', body: domains }),
      providesTags: ['Domain'],
    }),
  }),
});

export const { useGetDomainsQuery } = domainsApi;
