import { Type, type Static } from '@sinclair/typebox';
import { DeliveryPost } from './delivery.js';
import {
  MAX_SHARE_LABEL_LENGTH,
  SHARE_DEFAULT_DAYS,
  SHARE_MAX_DAYS,
  SHARE_MIN_DAYS,
} from './preview-limits.js';

/*
 * Previews (issue 30): a token names one post of one domain (and, optionally, one revision of it),
 * expires, and grants reading that post as last saved (or that revision), whatever its status, and
 * nothing else. Tokens are stored hashed, like content keys, so that they can be listed and revoked.
 */

export * from './preview-limits.js';

/** Every preview token starts so (for secret scanners), then 256 random bits. */
export const PREVIEW_TOKEN_PREFIX = 'mhp_';

/** POST /cms/blogs/info/{id}/preview: the editor's preview (the default), or a share link. */
export const PreviewRequest = Type.Object(
  {
    share: Type.Optional(
      Type.Boolean({ description: 'A share link for people without an account, listed and revocable' }),
    ),
    days: Type.Optional(
      Type.Integer({
        minimum: SHARE_MIN_DAYS,
        maximum: SHARE_MAX_DAYS,
        description: `A share link's life in days (default ${SHARE_DEFAULT_DAYS}); only with share`,
      }),
    ),
    label: Type.Optional(
      Type.String({
        maxLength: MAX_SHARE_LABEL_LENGTH,
        description: "A share link's name, e.g. who it is for",
      }),
    ),
    revisionId: Type.Optional(
      Type.String({ format: 'uuid', description: 'Preview this revision instead of the post as last saved' }),
    ),
  },
  { title: 'PreviewRequest', additionalProperties: false },
);
export type PreviewRequest = Static<typeof PreviewRequest>;

/** The answer: the token (shown this once), the address to open, and when it stops working. */
export const PreviewLink = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    token: Type.String({ description: `${PREVIEW_TOKEN_PREFIX}…; stored only as a SHA-256` }),
    url: Type.String({
      description:
        "The site's preview address from the domain's previewUrl, or Masthead's own /preview/{token}",
    }),
    expiresDate: Type.String({ format: 'date-time' }),
  },
  { title: 'PreviewLink' },
);
export type PreviewLink = Static<typeof PreviewLink>;

/** A live share link, as GET /cms/blogs/info/{id}/previews lists it: never its token. */
export const PreviewShare = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    label: Type.Union([Type.String(), Type.Null()]),
    createdBy: Type.String({ description: 'The e-mail of the member who made it' }),
    createdDate: Type.String({ format: 'date-time' }),
    expiresDate: Type.String({ format: 'date-time' }),
    revisionId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  },
  { title: 'PreviewShare' },
);
export type PreviewShare = Static<typeof PreviewShare>;

export const PreviewShareList = Type.Array(PreviewShare);
export type PreviewShareList = Static<typeof PreviewShareList>;

export const PreviewShareParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  tokenId: Type.String({ format: 'uuid' }),
});
export type PreviewShareParams = Static<typeof PreviewShareParams>;

/** GET /api/v1/preview?token=: the delivery post shape, and what makes it a preview. */
export const DeliveryPreview = Type.Composite(
  [
    Type.Omit(DeliveryPost, ['publishedDate']),
    Type.Object({
      publishedDate: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'When it was last published; null for a post never published',
      }),
      status: Type.Union([Type.Literal('draft'), Type.Literal('approved'), Type.Literal('published')]),
      previewExpiresDate: Type.String({ format: 'date-time' }),
      revisionId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    }),
  ],
  { title: 'DeliveryPreview' },
);
export type DeliveryPreview = Static<typeof DeliveryPreview>;

export const PreviewQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
});
export type PreviewQuery = Static<typeof PreviewQuery>;
