import { Type, type Static } from '@sinclair/typebox';
import {
  BLOG_STATUSES,
  BlogPostInput,
  ListQuery,
  MANAGE_TYPES,
  DomainQuery,
  type FieldValue,
} from '@masthead/contract';

/**
 * The contract's BlogPostInput with its scalar unions written as one `type` list, which is how the
 * OpenAPI document shows them best. Bodies are validated without coercion (app.ts), so a value of
 * another type is refused with its field named.
 */
export const BlogPostBody = Type.Object({
  ...BlogPostInput.properties,
  editorState: Type.Optional(
    Type.Unsafe<string | null>({ type: ['string', 'null'], description: 'Serialised Lexical editor state' }),
  ),
  fields: Type.Optional(
    Type.Record(
      Type.String({ maxLength: 64 }),
      // An array is a multi-select's chosen options (decision 051).
      Type.Unsafe<FieldValue>({
        type: ['string', 'number', 'boolean', 'null', 'array'],
        maxLength: 10000,
        items: { type: 'string', maxLength: 200 },
        maxItems: 500,
      }),
    ),
  ),
});

export const BlogListQuery = Type.Object(
  {
    ...ListQuery.properties,
    status: Type.Optional(Type.Union(BLOG_STATUSES.map((s) => Type.Literal(s)))),
  },
  {
    // field.<key>=<value> filters on a filterable select or multi-select field (DESIGN §3).
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
