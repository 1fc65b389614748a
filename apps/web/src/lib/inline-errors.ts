/**
 * Endpoints whose client errors (4xx) the calling screen shows next to its own fields, so the
 * error toast (features/notifications) leaves them alone; other failures still raise it. Its own
 * module, not lib/api.ts: the toast is in the first chunk, which must not pull in RTK Query.
 */
export const endpointsWithInlineErrors = new Set<string>();
