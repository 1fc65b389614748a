import type { Category, Tag } from '@masthead/contract';

/** Tags and categories have the same calls and screens; this is everything that differs. */
export type TaxonomyKindName = 'tags' | 'categories';

/** A tag or a category, whatever the kind's field names. */
export interface TaxonomyItem {
  id: string;
  slug: string;
  name: string;
  createdDate: string;
  lastModifiedDate: string;
}

interface TaxonomyKind {
  /** The URL segment: /cms/<path>/all … */
  path: TaxonomyKindName;
  /** The cache tag its lists (and the editor's options) provide. */
  cacheTag: 'Tag' | 'Category';
  /** The body field the display name is sent in. */
  nameField: 'tagDisplayName' | 'categoryDisplayName';
  toItem: (entity: Tag | Category) => TaxonomyItem;
}

export const TAXONOMY_KINDS: Record<TaxonomyKindName, TaxonomyKind> = {
  tags: {
    path: 'tags',
    cacheTag: 'Tag',
    nameField: 'tagDisplayName',
    toItem: (entity) => {
      const tag = entity as Tag;
      return { ...common(tag), slug: tag.tag, name: tag.tagDisplayName };
    },
  },
  categories: {
    path: 'categories',
    cacheTag: 'Category',
    nameField: 'categoryDisplayName',
    toItem: (entity) => {
      const category = entity as Category;
      return { ...common(category), slug: category.category, name: category.categoryDisplayName };
    },
  },
};

const common = ({ id, createdDate, lastModifiedDate }: Tag | Category) => ({
  id,
  createdDate,
  lastModifiedDate,
});

/** The cache tag of one kind's lists and options: every write of that kind refreshes them. */
export const listTag = (kind: TaxonomyKindName) => TAXONOMY_KINDS[kind].cacheTag;

/**
 * Blog cards and posts embed tag and category names, so a rename or a delete refreshes them too.
 * The type is named rather than imported: features do not import each other (STYLE).
 */
export const POSTS_TAG = 'Blog' as const;
