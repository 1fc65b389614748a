import { Type, type Static } from '@sinclair/typebox';
import { MAX_NAME_LENGTH } from './constants.js';
import { MAX_KEY_ORIGINS, MAX_ORIGIN_LENGTH } from './origin.js';

// Without TypeBox, for the web app: '@masthead/contract/origin'.
export { browserOrigin, MAX_KEY_ORIGINS, MAX_ORIGIN_LENGTH, ORIGIN_MESSAGE } from './origin.js';

/** What a list shows of a content key: never the key, only its first characters. */
export const ContentKey = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    origins: Type.Array(Type.String(), {
      description: 'The browser origins that may read with the key (CORS); empty: none',
    }),
    keyStart: Type.String({ description: 'The first characters of the key, e.g. mhk_AbCd1234' }),
    createdDate: Type.String({ format: 'date-time' }),
    lastUsedDate: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the delivery API last accepted the key (to the minute); null: never',
    }),
  },
  { title: 'ContentKey' },
);
export type ContentKey = Static<typeof ContentKey>;

export const ContentKeyList = Type.Array(ContentKey);
export type ContentKeyList = Static<typeof ContentKeyList>;

/**
 * What POST /cms/content-keys takes. Each origin must be an exact browser origin
 * (see browserOrigin); the server checks that itself so that the line names the entry.
 */
export const ContentKeyInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH }),
  origins: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: MAX_ORIGIN_LENGTH }), {
      maxItems: MAX_KEY_ORIGINS,
      description: 'Browser origins that may read with the key (CORS); absent or empty: none',
    }),
  ),
});
export type ContentKeyInput = Static<typeof ContentKeyInput>;

/** The answer to POST /cms/content-keys: the only time the key itself is returned. */
export const NewContentKey = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    origins: Type.Array(Type.String()),
    key: Type.String({ description: 'The key; shown this once, stored only as its SHA-256' }),
    createdDate: Type.String({ format: 'date-time' }),
  },
  { title: 'NewContentKey' },
);
export type NewContentKey = Static<typeof NewContentKey>;
