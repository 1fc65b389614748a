import type { UploadPreparation, UploadUrlQuery } from '@masthead/contract';
import { api } from '../../../lib/api.js';

/**
 * GET /cms/assets/signed/upload-url: a key and a PUT URL signed for 15 minutes. A mutation, though
 * it is a GET: every upload needs a URL of its own, never one from the cache.
 */
export const prepareUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    prepareAssetUpload: build.mutation<UploadPreparation, UploadUrlQuery>({
      query: ({ domain, fileName, mimeType, size, public: isPublic }) => ({
        url: '/cms/assets/signed/upload-url',
        params: { domain, fileName, mimeType, size, public: isPublic },
      }),
    }),
  }),
});

export const { usePrepareAssetUploadMutation } = prepareUploadApi;
