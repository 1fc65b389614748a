import { Type, type Static } from '@sinclair/typebox';
import { MAX_PAGE_INDEX, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './constants.js';
import { DeliveryImage } from './delivery-image.js';

/*
 * The read-only delivery API under /api/v1 (issue 20): what a website reads with a content key.
 * Its shapes are its own, never the back office's: a reader sees no workflow state or editor data.
 */

const DeliveryFieldValue = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String(), { description: "A multi-select's chosen options" }),
  Type.Null(),
]);

export const DeliveryTaxonomyRef = Type.Object({
  id: Type.String({ format: 'uuid' }),
  slug: Type.String(),
  name: Type.String(),
});
export type DeliveryTaxonomyRef = Static<typeof DeliveryTaxonomyRef>;

const postExample = {
  id: '0b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10',
  slug: 'hello-world',
  title: 'Hello world',
  shortDescription: 'The first post.',
  featureImageUrl: 'https://blog.example.com/images/hello.png',
  featureImage: {
    url: 'https://blog.example.com/images/hello.png',
    assetId: null,
    width: null,
    height: null,
    alt: '',
    srcset: '',
    sizes: '',
    sources: [],
  },
  tags: [{ id: '5f0c1f8e-9b1a-4a57-8f43-1d2e3c4b5a69', slug: 'news', name: 'News' }],
  category: { id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', slug: 'updates', name: 'Updates' },
  fields: { client: 'Acme' },
  writtenBy: 'Ada Lovelace',
  publishedDate: '2026-12-07T10:00:00.000Z',
  lastModifiedDate: '2026-12-07T10:00:00.000Z',
  url: 'https://blog.example.com/posts/hello-world',
};

export const DeliveryPost = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    slug: Type.String(),
    title: Type.String(),
    shortDescription: Type.String(),
    featureImageUrl: Type.String({ description: "As written in the editor; '' for none" }),
    featureImage: Type.Union([DeliveryImage, Type.Null()], {
      description:
        'The feature image with its size, alt text and variants when it is a public asset of the domain; ' +
        "an image that is not (an external address) has width and height null and no variants; null when featureImageUrl is ''",
    }),
    tags: Type.Array(DeliveryTaxonomyRef),
    category: Type.Union([DeliveryTaxonomyRef, Type.Null()]),
    fields: Type.Record(Type.String(), DeliveryFieldValue),
    writtenBy: Type.String(),
    publishedDate: Type.String({ format: 'date-time', description: 'When it was last published' }),
    lastModifiedDate: Type.String({ format: 'date-time' }),
    url: Type.Union([Type.String(), Type.Null()], {
      description: "The post's address on the website, from the domain's postUrl; null without one",
    }),
    html: Type.Optional(
      Type.String({ description: 'The sanitised HTML: with one post, or with include=html on a list' }),
    ),
  },
  { title: 'DeliveryPost', examples: [{ ...postExample, html: '<p>Hello.</p>' }] },
);
export type DeliveryPost = Static<typeof DeliveryPost>;

export const DeliveryMeta = Type.Object({
  page: Type.Integer({ description: 'From 1' }),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer({ description: 'ceil(total / limit); 0 when empty' }),
});
export type DeliveryMeta = Static<typeof DeliveryMeta>;

export const DeliveryPostList = Type.Object(
  { posts: Type.Array(DeliveryPost), meta: DeliveryMeta },
  {
    title: 'DeliveryPostList',
    examples: [{ posts: [postExample], meta: { page: 1, limit: 10, total: 1, pages: 1 } }],
  },
);
export type DeliveryPostList = Static<typeof DeliveryPostList>;

export const DeliveryTaxonomyEntry = Type.Object({
  ...DeliveryTaxonomyRef.properties,
  postCount: Type.Integer({ description: 'Published posts only' }),
});
export type DeliveryTaxonomyEntry = Static<typeof DeliveryTaxonomyEntry>;

const taxonomyExample = [
  { id: '5f0c1f8e-9b1a-4a57-8f43-1d2e3c4b5a69', slug: 'news', name: 'News', postCount: 12 },
];
const pageExample = { page: 1, limit: 10, total: 1, pages: 1 };

export const DeliveryTagList = Type.Object(
  { tags: Type.Array(DeliveryTaxonomyEntry), meta: DeliveryMeta },
  { title: 'DeliveryTagList', examples: [{ tags: taxonomyExample, meta: pageExample }] },
);
export type DeliveryTagList = Static<typeof DeliveryTagList>;

export const DeliveryCategoryList = Type.Object(
  { categories: Type.Array(DeliveryTaxonomyEntry), meta: DeliveryMeta },
  { title: 'DeliveryCategoryList', examples: [{ categories: taxonomyExample, meta: pageExample }] },
);
export type DeliveryCategoryList = Static<typeof DeliveryCategoryList>;

export const DeliveryChange = Type.Object({
  type: Type.Union([Type.Literal('upsert'), Type.Literal('delete')]),
  id: Type.String({ format: 'uuid' }),
  slug: Type.String(),
  at: Type.String({ format: 'date-time' }),
});
export type DeliveryChange = Static<typeof DeliveryChange>;

export const DeliveryChanges = Type.Object(
  {
    changes: Type.Array(DeliveryChange),
    next: Type.String({ description: 'Pass as since= to continue after the last change here' }),
  },
  {
    title: 'DeliveryChanges',
    examples: [
      {
        changes: [
          { type: 'upsert', id: postExample.id, slug: 'hello-world', at: '2026-12-07T10:00:00.000Z' },
        ],
        next: 'djEuNzQxLjEy',
      },
    ],
  },
);
export type DeliveryChanges = Static<typeof DeliveryChanges>;

/** The key, when it comes in the query rather than in Authorization: Bearer. */
const keyParam = Type.Optional(
  Type.String({ maxLength: 200, description: 'The content key, when not sent as Authorization: Bearer' }),
);

export const DeliveryPageQuery = Type.Object({
  key: keyParam,
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE_INDEX + 1, default: 1, description: 'From 1' }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
});
export type DeliveryPageQuery = Static<typeof DeliveryPageQuery>;

export const DeliveryPostListQuery = Type.Object(
  {
    ...DeliveryPageQuery.properties,
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A tag slug' })),
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A category slug' })),
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Every word must start a word of the post' }),
    ),
    include: Type.Optional(Type.String({ enum: ['html'], description: 'html: each post with its HTML' })),
  },
  // field.<key>=<value> filters on one of the domain's filterable select fields.
  { patternProperties: { '^field\\.': Type.String({ maxLength: 200 }) } },
);
export type DeliveryPostListQuery = Static<typeof DeliveryPostListQuery> & Record<`field.${string}`, string>;

export const DeliveryKeyQuery = Type.Object({ key: keyParam });
export type DeliveryKeyQuery = Static<typeof DeliveryKeyQuery>;

export const DeliverySlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) });
export type DeliverySlugParams = Static<typeof DeliverySlugParams>;

export const DeliveryChangesQuery = Type.Object({
  key: keyParam,
  since: Type.Optional(Type.String({ maxLength: 200, description: 'A cursor from an earlier next' })),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
export type DeliveryChangesQuery = Static<typeof DeliveryChangesQuery>;
