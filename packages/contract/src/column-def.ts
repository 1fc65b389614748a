import { Type, type Static } from '@sinclair/typebox';
import { DomainQuery } from './paging.js';

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'select',
  'multiselect',
  'date',
  'boolean',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** The types whose values come from the definition's `options`, and which can be filterable. */
export const OPTION_FIELD_TYPES: readonly FieldType[] = ['select', 'multiselect'];

export const ColumnDef = Type.Object(
  {
    key: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$' }),
    label: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Union(FIELD_TYPES.map((t) => Type.Literal(t))),
    required: Type.Boolean(),
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 500 })),
    filterable: Type.Optional(Type.Boolean()),
  },
  { title: 'ColumnDef', additionalProperties: false },
);
export type ColumnDef = Static<typeof ColumnDef>;

export const ColumnDefList = Type.Array(ColumnDef, { maxItems: 100 });
export type ColumnDefList = Static<typeof ColumnDefList>;

/**
 * What a `field.<key>` filter looks for, by JSON containment: a select's value, or a list holding
 * the one option a multi-select must contain.
 */
export type FieldFilters = Record<string, string | string[]>;

/** A value of a custom field as stored in a post's `fields` map; a multi-select's is a list of options. */
export type FieldValue = string | number | boolean | string[] | null;

/**
 * The query of `PUT /cms/column/def/all` (decision 047). Removing a field that posts hold values
 * for is refused with 409 and the number of posts unless `confirmRemoval` is true; the values stay
 * in the posts unless `dropValues` is true too.
 */
export const ReplaceColumnDefsQuery = Type.Object({
  domain: DomainQuery.properties.domain,
  confirmRemoval: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'Remove fields even though posts hold values for them (otherwise 409 with the count)',
    }),
  ),
  dropValues: Type.Optional(
    Type.Boolean({
      default: false,
      description: "With confirmRemoval: also delete the removed fields' values from the posts",
    }),
  ),
});
export type ReplaceColumnDefsQuery = Static<typeof ReplaceColumnDefsQuery>;
