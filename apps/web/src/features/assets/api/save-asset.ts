import type { AssetInfo, AssetInput } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { ASSET_LIST_TAG, assetTag } from './asset-tags.js';

/**
 * POST /cms/assets/list registers an uploaded file; PUT /cms/assets/list/{id} changes its
 * description and sends the version it was loaded at as If-Match, so a stale save gets 412.
 */
export const saveAssetApi = api.injectEndpoints({
  endpoints: (build) => ({
    createAsset: build.mutation<AssetInfo, { domain: string; body: AssetInput }>({
      query: ({ domain, body }) => ({ url: '/cms/assets/list', method: 'POST', params: { domain }, body }),
      invalidatesTags: [ASSET_LIST_TAG],
    }),
    updateAsset: build.mutation<
      AssetInfo,
      { domain: string; id: string; etag: string | null; description: string }
    >({
      query: ({ domain, id, etag, description }) => ({
        url: `/cms/assets/list/${encodeURIComponent(id)}`,
        method: 'PUT',
        params: { domain },
        body: { description },
        headers: etag ? { 'If-Match': etag } : undefined,
      }),
      invalidatesTags: (_result, _error, { id }) => [ASSET_LIST_TAG, assetTag(id)],
    }),
  }),
});

export const { useCreateAssetMutation, useUpdateAssetMutation } = saveAssetApi;
