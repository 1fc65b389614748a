// Role is the type of roles.ts (type-only here, so that the sign-in page's chunk stays without ROLES).
export type { Role } from './roles.js';

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

/* Assets (spec §9, DESIGN §3). */
/** Spec §9 "Max upload size: 10 MB", read as 10 MiB: 10 × 1024 × 1024 = 10,485,760 bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Spec §9: png and jpeg only. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
/** How long a signed upload or download URL stays valid: 15 minutes. */
export const SIGNED_URL_SECONDS = 15 * 60;
/** An upload that was never registered is swept away after this long: one day. */
export const UNREGISTERED_UPLOAD_SECONDS = 24 * 60 * 60;
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_ASSET_DESCRIPTION_LENGTH = 1000;
export const isAcceptedImageType = (type: string): type is AcceptedImageType =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);
/** The header a PUT sends to make the object publicly readable (S3's canned ACL). */
export const PUBLIC_READ_HEADER = { 'x-amz-acl': 'public-read' } as const;

/** The built-in provider's password rules (NIST SP 800-63B: a length, no composition rules). */
export const PASSWORD_MIN_LENGTH = 8;
/** Only keeps hashing cheap to ask for. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * `/?signin=now` on the web app starts the sign-in at once: where the invitation page sends a new
 * member, whose first sign-in the provider completes without the password (decision 046).
 */
export const SIGN_IN_NOW_PARAM = 'signin';

/**
 * The binding of that first sign-in (decision 055): the invitation or reset page adds it to the web
 * app's address next to SIGN_IN_NOW_PARAM, and the web app passes it on as a parameter of the
 * authorization request it starts. The provider completes a sign-in without the password only for
 * the request that carries it, with the browser's cookie.
 */
export const SIGN_IN_TICKET_PARAM = 'signin_ticket';
