import type { ColumnDef } from '@masthead/contract';
import { api, apiBaseQuery } from '../../../lib/api.js';

export interface VersionedDefs {
  defs: ColumnDef[];
  etag: string | null;
}

/** What a save came to: saved, or 409 because posts hold values of the fields it removes. */
export type SaveDefsResult =
  | ({ outcome: 'saved' } & VersionedDefs)
  | { outcome: 'removalNeedsConfirmation'; lines: string[]; detail: string };

export interface SaveDefsArgs {
  domain: string;
  etag: string | null;
  defs: ColumnDef[];
  /** Set once the admin confirmed removing fields that posts hold values for (decision 047). */
  removal?: 'keepValues' | 'dropValues';
}

const etagOf = (meta: { response?: Response } | undefined) => meta?.response?.headers.get('ETag') ?? null;

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
      // A 409 is a question for the admin (the confirmation dialog), not a failure: answered as data,
      // it raises no error toast. Anything else fails as usual (412 is handled by the tab).
      async queryFn({ domain, etag, defs, removal }, baseQueryApi, extraOptions) {
        const params: Record<string, string> = { domain };
        if (removal) params.confirmRemoval = 'true';
        if (removal === 'dropValues') params.dropValues = 'true';
        const result = await apiBaseQuery(
          {
            url: '/cms/column/def/all',
            method: 'PUT',
            params,
            body: defs,
            headers: etag ? { 'If-Match': etag } : undefined,
          },
          baseQueryApi,
          extraOptions,
        );
        if (result.error) {
          const data = result.error.data as { errors?: unknown; detailedMessage?: unknown } | undefined;
          if (result.error.status === 409 && Array.isArray(data?.errors)) {
            return {
              data: {
                outcome: 'removalNeedsConfirmation',
                lines: data.errors.filter((line): line is string => typeof line === 'string'),
                detail: typeof data.detailedMessage === 'string' ? data.detailedMessage : '',
              },
            };
          }
          return { error: result.error };
        }
        return { data: { outcome: 'saved', defs: result.data as ColumnDef[], etag: etagOf(result.meta) } };
      },
      invalidatesTags: (result) => (result?.outcome === 'saved' ? ['Domain'] : []),
    }),
  }),
});

export const { useGetFieldDefinitionsQuery, useSaveFieldDefinitionsMutation } = fieldDefinitionsApi;
