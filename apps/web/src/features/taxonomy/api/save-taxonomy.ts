import type { Category, Tag } from '@masthead/contract';
import { api } from '../../../lib/api.js';
import {
  POSTS_TAG,
  TAXONOMY_KINDS,
  listTag,
  type TaxonomyItem,
  type TaxonomyKindName,
} from './taxonomy-kinds.js';

interface SaveArgs {
  kind: TaxonomyKindName;
  domain: string;
  name: string;
}

/** The server derives the slug from the display name, so only the name is sent. */
const bodyOf = (kind: TaxonomyKindName, name: string) => ({ [TAXONOMY_KINDS[kind].nameField]: name });

/**
 * POST /cms/<kind>/info creates; PUT /cms/<kind>/info/{id} renames and sends the version it was
 * loaded at as If-Match, so renaming over someone else's change gets 412 instead of overwriting it.
 */
export const saveTaxonomyApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTaxonomy: build.mutation<TaxonomyItem, SaveArgs>({
      query: ({ kind, domain, name }) => ({
        url: `/cms/${TAXONOMY_KINDS[kind].path}/info`,
        method: 'POST',
        params: { domain },
        body: bodyOf(kind, name),
      }),
      transformResponse: (entity: Tag | Category, _meta, { kind }) => TAXONOMY_KINDS[kind].toItem(entity),
      invalidatesTags: (_result, error, { kind }) => (error ? [] : [listTag(kind)]),
    }),
    updateTaxonomy: build.mutation<TaxonomyItem, SaveArgs & { id: string; etag: string | null }>({
      query: ({ kind, domain, id, name, etag }) => ({
        url: `/cms/${TAXONOMY_KINDS[kind].path}/info/${encodeURIComponent(id)}`,
        method: 'PUT',
        params: { domain },
        body: bodyOf(kind, name),
        headers: etag ? { 'If-Match': etag } : undefined,
      }),
      transformResponse: (entity: Tag | Category, _meta, { kind }) => TAXONOMY_KINDS[kind].toItem(entity),
      // A 412 also refreshes: the dialog then offers the current version.
      invalidatesTags: (_result, _error, { kind }) => [listTag(kind), POSTS_TAG],
    }),
  }),
});

export const { useCreateTaxonomyMutation, useUpdateTaxonomyMutation } = saveTaxonomyApi;
