import { Type, type Static } from '@sinclair/typebox';
import { MAX_NAME_LENGTH } from './constants.js';

const displayName = Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH });

export const Tag = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    tag: Type.String({ description: 'Slug derived from the display name' }),
    tagDisplayName: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
    lastModifiedDate: Type.String({ format: 'date-time' }),
  },
  { title: 'Tag' },
);
export type Tag = Static<typeof Tag>;

/** The slug is always derived by the server; a `tag` sent by the client is ignored. */
export const TagInput = Type.Object({ tagDisplayName: displayName, tag: Type.Optional(Type.String()) });
export type TagInput = Static<typeof TagInput>;

export const Category = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    category: Type.String({ description: 'Slug derived from the display name' }),
    categoryDisplayName: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
    lastModifiedDate: Type.String({ format: 'date-time' }),
  },
  { title: 'Category' },
);
export type Category = Static<typeof Category>;

export const CategoryInput = Type.Object({
  categoryDisplayName: displayName,
  category: Type.Optional(Type.String()),
});
export type CategoryInput = Static<typeof CategoryInput>;

/** The short forms embedded in a blog post. */
export const TagRef = Type.Object({ id: Type.String(), tag: Type.String(), tagDisplayName: Type.String() });
export type TagRef = Static<typeof TagRef>;
export const CategoryRef = Type.Object({
  id: Type.String(),
  category: Type.String(),
  categoryDisplayName: Type.String(),
});
export type CategoryRef = Static<typeof CategoryRef>;

/** How many posts use it: the delete confirmation says what deleting it will touch. */
const postCount = Type.Integer({ minimum: 0, description: 'How many posts of the domain use it' });

/** GET /cms/tags/info/{id}: the tag and how many posts carry it. */
export const TagInfo = Type.Composite([Tag, Type.Object({ postCount })], { title: 'TagInfo' });
export type TagInfo = Static<typeof TagInfo>;

/** GET /cms/categories/info/{id}: the category and how many posts are filed under it. */
export const CategoryInfo = Type.Composite([Category, Type.Object({ postCount })], { title: 'CategoryInfo' });
export type CategoryInfo = Static<typeof CategoryInfo>;
