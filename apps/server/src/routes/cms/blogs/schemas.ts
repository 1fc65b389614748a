import { Type, type Static } from '@sinclair/typebox';
import { BLOG_STATUSES, ListQuery, MANAGE_TYPES, DomainQuery } from '@masthead/contract';

export const BlogListQuery = Type.Object(
  {
    ...ListQuery.properties,
    status: Type.Optional(Type.Union(BLOG_STATUSES.map((s) => Type.Literal(s)))),
  },
  {
    // field.<key>=<value> filters on a filterable select field (DESIGN §3).
    patternProperties: { '^field\\.': Type.String({ maxLength: 200 }) },
  },
);
export type BlogListQuery = Static<typeof BlogListQuery> & Record<`field.${string}`, string>;

export const ManageQuery = Type.Object({
  domain: DomainQuery.properties.domain,
  type: Type.Union(MANAGE_TYPES.map((t) => Type.Literal(t))),
  value: Type.Boolean(),
});
export type ManageQuery = Static<typeof ManageQuery>;
