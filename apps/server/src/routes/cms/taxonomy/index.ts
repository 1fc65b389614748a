import { Category, CategoryInfo, CategoryInput, Tag, TagInfo, TagInput } from '@masthead/contract';
import { toCategory, toTag } from '../../../services/mappers.js';
import { taxonomyRoutes } from './taxonomy-routes.js';

export const tagRoutes = taxonomyRoutes({
  table: 'tags',
  path: 'tags',
  event: 'tag',
  label: 'Tag',
  nameField: 'tagDisplayName',
  entity: Tag,
  info: TagInfo,
  input: TagInput,
  toEntity: toTag,
});

export const categoryRoutes = taxonomyRoutes({
  table: 'categories',
  path: 'categories',
  event: 'category',
  label: 'Category',
  nameField: 'categoryDisplayName',
  entity: Category,
  info: CategoryInfo,
  input: CategoryInput,
  toEntity: toCategory,
});
