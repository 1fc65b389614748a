/**
 * The contract's preview limits (packages/contract/src/preview.ts), restated: that module declares
 * its schemas with TypeBox, and importing a value from it would put TypeBox (17 KB gzip) in the
 * signed-in chunk of every page. __tests__/preview-limits.test.ts holds them equal to the contract's.
 */
export const PREVIEW_HOURS = 1;
export const SHARE_MIN_DAYS = 1;
export const SHARE_MAX_DAYS = 30;
export const SHARE_DEFAULT_DAYS = 7;
export const MAX_SHARE_LABEL_LENGTH = 100;
