/** Business constants shared by the web app and the server (spec §9, DESIGN §3). */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const FIRST_PAGE = 0;
/** Ten million pages of 100 is a billion posts: far past any real list, far inside an OFFSET. */
export const MAX_PAGE_INDEX = 10_000_000;
/** Upper bound of a serialised Lexical editor state, in UTF-8 bytes. */
export const MAX_EDITOR_STATE_BYTES = 2 * 1024 * 1024;
export const MAX_TITLE_LENGTH = 500;
export const MAX_SLUG_LENGTH = 200;
export const MAX_NAME_LENGTH = 200;
export const MAX_SHORT_DESCRIPTION_LENGTH = 2000;
export const MAX_URL_LENGTH = 2048;
/** Generous bounds for the HTML and plain-text copies of the content. */
export const MAX_HTML_BYTES = 4 * 1024 * 1024;
export const MAX_TEXT_LENGTH = 1024 * 1024;
export const MAX_TAGS_PER_POST = 100;

export const ROLES = ['author', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
