import { Type, type Static } from '@sinclair/typebox';
import {
  MAX_NAME_LENGTH,
  MAX_SHORT_DESCRIPTION_LENGTH,
  MAX_TAGS_PER_POST,
  MAX_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from './constants.js';
import { CategoryRef, TagRef } from './taxonomy.js';

const FieldValueSchema = Type.Union([
  Type.String({ maxLength: 10000 }),
  Type.Number(),
  Type.Boolean(),
  // A multi-select's chosen options.
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 }),
  Type.Null(),
]);

const postCore = {
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  slug: Type.String(),
  shortDescription: Type.String(),
  featureImageUrl: Type.String(),
  tags: Type.Array(TagRef),
  category: Type.Union([CategoryRef, Type.Null()]),
  fields: Type.Record(Type.String(), FieldValueSchema),
  writtenBy: Type.String(),
  createdDate: Type.String({ format: 'date-time' }),
  lastModifiedDate: Type.String({ format: 'date-time' }),
  published: Type.Boolean(),
  approved: Type.Boolean(),
  scheduledFor: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the server is to publish this approved post; null without a schedule',
  }),
};

/** A list entry: the post without its content, which a card never shows (docs/decisions/002). */
export const BlogPostSummary = Type.Object(postCore, { title: 'BlogPostSummary' });
export type BlogPostSummary = Static<typeof BlogPostSummary>;

export const BlogPost = Type.Object(
  {
    ...postCore,
    editorHtmlContent: Type.String(),
    editorState: Type.Union([Type.String(), Type.Null()], { description: 'Serialised Lexical editor state' }),
    editorTextString: Type.String(),
  },
  { title: 'BlogPost' },
);
export type BlogPost = Static<typeof BlogPost>;

const IdOrObject = Type.Union([
  Type.String({ format: 'uuid' }),
  Type.Object({ id: Type.String({ format: 'uuid' }) }),
]);

/**
 * What POST and PUT accept. Unknown properties (id, slug, flags, dates) are ignored:
 * the slug is derived from the title and the flags change only through /cms/blogs/manage.
 * `title`, `writtenBy` and `editorHtmlContent` are checked for blankness by the server
 * so that each missing field gets its own "This field is required" line.
 */
export const BlogPostInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: MAX_TITLE_LENGTH })),
  shortDescription: Type.Optional(Type.String({ maxLength: MAX_SHORT_DESCRIPTION_LENGTH })),
  featureImageUrl: Type.Optional(Type.String({ maxLength: MAX_URL_LENGTH })),
  editorHtmlContent: Type.Optional(Type.String()),
  editorState: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  editorTextString: Type.Optional(Type.String({ maxLength: MAX_TEXT_LENGTH })),
  tags: Type.Optional(Type.Array(IdOrObject, { maxItems: MAX_TAGS_PER_POST })),
  category: Type.Optional(Type.Union([IdOrObject, Type.Null()])),
  fields: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), FieldValueSchema)),
  writtenBy: Type.Optional(Type.String({ maxLength: MAX_NAME_LENGTH })),
});
export type BlogPostInput = Static<typeof BlogPostInput>;

/** What PUT /cms/blogs/schedule/{id} accepts. */
export const ScheduleInput = Type.Object(
  {
    publishAt: Type.String({
      format: 'date-time',
      description: 'An ISO 8601 date-time with its offset (or Z), in the future',
    }),
  },
  { title: 'ScheduleInput' },
);
export type ScheduleInput = Static<typeof ScheduleInput>;
