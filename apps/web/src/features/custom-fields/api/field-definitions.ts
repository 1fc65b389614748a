import type { ColumnDef } from '@masthead/contract';
import { api } from '../../../lib/api.js';

export interface VersionedDefs {
  defs: ColumnDef[];
  etag: string | null;
}

/**
 * What a save came to: saved, or refused in a way the tab answers itself: 400 (the lines go under
 * their fields), 409 (posts hold values of removed fields: the confirmation) or 412 (reload).
 */
export type SaveDefsResult =
  ({ outcome: 'saved' } & VersionedDefs) | { outcome: 400 | 409 | 412; lines: string[] };

export interface SaveDefsArgs {
  domain: string;
  etag: string | null;
  defs: ColumnDef[];
  /** Set once the admin confirmed removing fields that posts hold values for (decision 047). */
  removal?: 'keepValues' | 'dropValues' | undefined;
}

const etagOf = (meta: { response?: Response } | undefined) => meta?.response?.headers.get('ETag') ?? null;
const ANSWERED = [400, 409, 412];

/**
 * GET and PUT /cms/column/def/all with the list's ETag. A save invalidates the domain's data, so
 * the post editor's fields (tagged Domain) are fetched again at once.
 */
export const fieldDefinitionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFieldDefinitions: build.query<VersionedDefs, string>({
      query: (domain) => ({ url: '/cms/column/def/all', params: { domain } }),
      transformResponse: (defs: ColumnDef[], meta) => ({ defs, etag: etagOf(meta) }),
      providesTags: ['Domain'],
    }),
    saveFieldDefinitions: build.mutation<SaveDefsResult, SaveDefsArgs>({
      // The refusals the tab shows in place are answers, not failures: they raise no error toast
      // (lib/api.ts); anything else fails as usual.
      query: ({ domain, etag, defs, removal }) => ({
        url: '/cms/column/def/all',
        method: 'PUT',
        params: removal ? { domain, confirmRemoval: true, dropValues: removal === 'dropValues' } : { domain },
        body: defs,
        headers: etag ? { 'If-Match': etag } : undefined,
        validateStatus: (response) => response.ok || ANSWERED.includes(response.status),
      }),
      transformResponse: (body: unknown, meta): SaveDefsResult => {
        const status = meta?.response?.status;
        if (status && ANSWERED.includes(status)) {
          const errors = (body as { errors?: unknown } | null)?.errors;
          return {
            outcome: status as 400 | 409 | 412,
            lines: Array.isArray(errors) ? errors.map(String) : [],
          };
        }
        return { outcome: 'saved', defs: body as ColumnDef[], etag: etagOf(meta) };
      },
      invalidatesTags: (result) => (result?.outcome === 'saved' ? ['Domain'] : []),
    }),
  }),
});

export const { useGetFieldDefinitionsQuery, useSaveFieldDefinitionsMutation } = fieldDefinitionsApi;
