import {
  createApi,
  fetchBaseQuery,
  skipToken,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import {
  QUERY_CACHE_SECONDS,
  REQUEST_TIMEOUT_MS,
  SUCCESS_STATUS_MAX,
  SUCCESS_STATUS_MIN,
} from '../config/constants.js';
import { selectApiBaseUri, type ConfigState } from './config/index.js';
import { getAccessToken } from './oidc.js';

/** The call fails locally, without a request, when the environment config has no API address (spec §8). */
export interface LocalApiError {
  status: 400;
  statusText: 'Bad Request';
  data: 'No API base uri found';
}

export const NO_API_BASE_URI_ERROR: LocalApiError = {
  status: 400,
  statusText: 'Bad Request',
  data: 'No API base uri found',
};

/** RTK's own statuses (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR) or the HTTP status with its body. */
export type ApiError = FetchBaseQueryError | LocalApiError;

const fetchWithToken = fetchBaseQuery({
  prepareHeaders: async (headers) => {
    const token = await getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
  validateStatus: (response) =>
    response.status >= SUCCESS_STATUS_MIN && response.status <= SUCCESS_STATUS_MAX,
  timeout: REQUEST_TIMEOUT_MS,
});

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** Prefixes every call with the apiBaseUri from the loaded environment config. */
export const apiBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  object,
  FetchBaseQueryMeta
> = async (args, baseQueryApi, extraOptions) => {
  const baseUri = selectApiBaseUri(baseQueryApi.getState() as { config: ConfigState });
  if (!baseUri) return { error: NO_API_BASE_URI_ERROR };
  const request = typeof args === 'string' ? { url: args } : args;
  return fetchWithToken({ ...request, url: joinUrl(baseUri, request.url) }, baseQueryApi, extraOptions);
};

/** The one API of the app; features add their endpoints with api.injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['Blog', 'Tag', 'Category', 'Asset', 'Domain', 'User'],
  keepUnusedDataFor: QUERY_CACHE_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

/** Domain-scoped data requests wait until a domain with an id is selected (spec §4). */
export function skipUntilDomainSelected<T>(
  selected: { id?: string; domain?: string } | undefined,
  buildArgs: (domain: string) => T,
): T | typeof skipToken {
  return selected?.id && selected.domain ? buildArgs(selected.domain) : skipToken;
}
