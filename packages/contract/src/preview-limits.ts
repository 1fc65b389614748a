// No schemas here: the web app imports this file alone (@masthead/contract/preview-limits) to stay small.

/** How long the editor's own preview token lasts. */
export const PREVIEW_HOURS = 1;
/** A share link lasts 1 to 30 days (7 by default). */
export const SHARE_MIN_DAYS = 1;
export const SHARE_MAX_DAYS = 30;
export const SHARE_DEFAULT_DAYS = 7;
export const MAX_SHARE_LABEL_LENGTH = 100;
