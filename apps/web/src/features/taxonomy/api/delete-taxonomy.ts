import { api } from '../../../lib/api.js';
import { POSTS_TAG, TAXONOMY_KINDS, listTag, type TaxonomyKindName } from './taxonomy-kinds.js';

/**
 * DELETE /cms/<kind>/info/{id}; the domain is sent too, so the server checks it belongs to it.
 * The server detaches it from its posts, so their cards and cached copies are refreshed as well.
 */
export const deleteTaxonomyApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteTaxonomy: build.mutation<void, { kind: TaxonomyKindName; domain: string; id: string }>({
      query: ({ kind, domain, id }) => ({
        url: `/cms/${TAXONOMY_KINDS[kind].path}/info/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { domain },
      }),
      invalidatesTags: (_result, _error, { kind }) => [listTag(kind), POSTS_TAG],
    }),
  }),
});

export const { useDeleteTaxonomyMutation } = deleteTaxonomyApi;
