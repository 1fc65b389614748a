/** Business constants of the web app (spec §9). Shared ones live in @masthead/contract. */

// Sign-in (oidc-client-ts settings)
/** openid for sign-in; profile and email for the sidebar name; offline_access lets silent renew use a refresh token. */
export const OIDC_SCOPE = 'openid profile email offline_access';
export const OIDC_RESPONSE_TYPE = 'code';
export const ACCESS_TOKEN_EXPIRING_NOTICE_SECONDS = 60;
export const SILENT_REQUEST_TIMEOUT_SECONDS = 10;
export const STALE_STATE_AGE_SECONDS = 900;
export const CHECK_SESSION_INTERVAL_SECONDS = 2;
export const SILENT_RENEW_RETRY_MS = 5000;

// API
/** Cached query data is kept this long after its last subscriber leaves. */
export const QUERY_CACHE_SECONDS = 60;
/** A request that hangs longer than this fails with TIMEOUT_ERROR instead of spinning forever. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const SUCCESS_STATUS_MIN = 200;
export const SUCCESS_STATUS_MAX = 299;

// Lists
/** Typing pauses this long before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

// Layout and feedback
export const TOAST_AUTO_HIDE_MS = 5000;
export const SIDEBAR_ANIMATION_MS = 300;
/** Above this width the sidebar is fixed; below it, it is a drawer. */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

// Storage
export const SELECTED_DOMAIN_STORAGE_KEY = 'masthead.selectedDomain';

// Translations
export const I18N_MAX_RETRIES = 5;
export const I18N_RETRY_TIMEOUT_MS = 350;
export const I18N_MAX_PARALLEL_READS = 10;
