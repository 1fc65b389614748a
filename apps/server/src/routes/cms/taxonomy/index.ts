import { Category, CategoryInput, Tag, TagInput } from '@masthead/contract';
import { toCategory, toTag } from '../../../services/mappers.js';
import { taxonomyRoutes } from './taxonomy-routes.js';

export const tagRoutes = taxonomyRoutes({
  table: 'tags',
  path: 'tags',
  label: 'Tag',
  nameField: 'tagDisplayName',
  entity: Tag,
  input: TagInput,
  toEntity: toTag,
});

export const categoryRoutes = taxonomyRoutes({
  table: 'categories',
  path: 'categories',
  label: 'Category',
  nameField: 'categoryDisplayName',
  entity: Category,
  input: CategoryInput,
  toEntity: toCategory,
});
