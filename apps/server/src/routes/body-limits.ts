/**
 * How large a JSON body each route reads (decision 033): enough for the largest body its schema
 * takes, and little more. Over it, 413 from Content-Length before the body is read (or as soon
 * as that much has arrived). The server's default is the smallest; a route that takes more says so.
 */
const KB = 1024;

/** Every route that names no limit: a tag, a category, a DELETE, the sign-in form. */
export const DEFAULT_BODY_LIMIT = 16 * KB;

/** An asset's registration or new description: 1,000 characters, and a key and a file name of 1,024. */
export const ASSET_BODY_LIMIT = 32 * KB;

/** A content key: a name of 200 characters and 20 origins of 300, four bytes each at worst. */
export const CONTENT_KEY_BODY_LIMIT = 32 * KB;

/** Up to 100 host names of up to 253 characters. */
export const DOMAIN_LIST_BODY_LIMIT = 64 * KB;

/**
 * A post: a 2 MB editor state (its quotes escaped once more in the body), up to 4 MB of HTML and
 * 1 MB of plain text (MAX_EDITOR_STATE_BYTES, MAX_HTML_BYTES, MAX_TEXT_LENGTH).
 */
export const POST_BODY_LIMIT = 8 * KB * KB;
