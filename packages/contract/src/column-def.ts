import { Type, type Static } from '@sinclair/typebox';

export const FIELD_TYPES = ['text', 'textarea', 'number', 'select', 'date', 'boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

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

/** A value of a custom field as stored in a post's `fields` map. */
export type FieldValue = string | number | boolean | null;
