import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from './roles.js';

export const Domain = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    domain: Type.String({ description: 'Host name, e.g. blog.example.com' }),
    name: Type.String(),
  },
  { title: 'Domain' },
);
export type Domain = Static<typeof Domain>;

export const DomainList = Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 100 });
export type DomainList = Static<typeof DomainList>;

export const RoleSchema = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  { description: 'author < editor < admin' },
);

export const UserInfo = Type.Object(
  {
    domains: Type.Array(Type.String()),
    memberships: Type.Array(Type.Object({ domain: Type.String(), role: RoleSchema })),
    name: Type.String(),
    email: Type.String(),
  },
  { title: 'UserInfo' },
);
export type UserInfo = Static<typeof UserInfo>;

/** The longest post address pattern the database keeps. */
export const MAX_POST_URL_LENGTH = 2000;

/**
 * A domain's delivery settings. `postUrl` is the pattern of a post's address on the website, with
 * `{slug}` after the host (e.g. https://blog.example.com/posts/{slug}); null: the domain has none.
 * `publicFeeds`: whether its RSS, Atom and sitemap files need no content key.
 */
export const DomainSettings = Type.Object(
  {
    postUrl: Type.Union([Type.String({ maxLength: MAX_POST_URL_LENGTH }), Type.Null()], {
      description: 'e.g. https://blog.example.com/posts/{slug}; null clears it',
    }),
    publicFeeds: Type.Boolean(),
    previewUrl: Type.Optional(
      Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], {
        description:
          "The website's preview address (issue 30): an http(s) pattern with {token}, and optionally " +
          '{slug}, {id} and {locale}, e.g. https://blog.example.com/preview?token={token}; null clears ' +
          "it (previews then open Masthead's own page). Always in answers; left as it is when absent from a PUT",
      }),
    ),
  },
  { title: 'DomainSettings' },
);
export type DomainSettings = Static<typeof DomainSettings>;

export const PREVIEW_URL_MESSAGE =
  'must be an http(s) address with {token} after the host, and no placeholders but {token}, {slug}, {id} ' +
  'and {locale}, such as https://blog.example.com/preview?token={token}';

export const POST_URL_MESSAGE =
  'must be an http(s) address with {slug} after the host, such as https://blog.example.com/posts/{slug}';
