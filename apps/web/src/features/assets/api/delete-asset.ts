import { api } from '../../../lib/api.js';
import { ASSET_LIST_TAG, assetTag } from './asset-tags.js';

/** DELETE /cms/assets/list/{id}: the asset and its file; the domain is sent so the server checks it. */
export const deleteAssetApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteAsset: build.mutation<void, { domain: string; id: string }>({
      query: ({ domain, id }) => ({
        url: `/cms/assets/list/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { domain },
      }),
      invalidatesTags: (_result, _error, { id }) => [ASSET_LIST_TAG, assetTag(id)],
    }),
  }),
});

export const { useDeleteAssetMutation } = deleteAssetApi;
