import { Type, type Static } from '@sinclair/typebox';
import { BlogPost } from './blog.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_INDEX, MAX_PAGE_SIZE } from './constants.js';
import { DomainQuery } from './paging.js';
import { REVISION_KINDS, isContentRevisionKind, type RevisionKind } from './revision-kinds.js';
import { CategoryRef, TagRef } from './taxonomy.js';

export * from './revision-kinds.js';

/** The parts of a post a save can change, as `changes` names them. */
export const REVISION_CHANGES = [
  'title',
  'shortDescription',
  'featureImageUrl',
  'content',
  'tags',
  'category',
  'fields',
  'writtenBy',
] as const;
export type RevisionChange = (typeof REVISION_CHANGES)[number];

const CHANGE_WORDS: Record<RevisionChange, string> = {
  title: 'title',
  shortDescription: 'description',
  featureImageUrl: 'feature image',
  content: 'content',
  tags: 'tags',
  category: 'category',
  fields: 'fields',
  writtenBy: 'author',
};

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * The one line of an entry: "title, content, 2 tags added". Tags that were only reordered read
 * "tags reordered". Workflow events read as their kind.
 */
export function revisionSummary(entry: {
  kind: RevisionKind;
  changes: readonly RevisionChange[];
  tagsAdded: number;
  tagsRemoved: number;
}): string {
  if (entry.kind === 'created') return 'created';
  if (entry.kind === 'baseline') return 'as it was before history was kept';
  if (!isContentRevisionKind(entry.kind)) return entry.kind;
  const parts: string[] = [];
  for (const change of entry.changes) {
    if (change !== 'tags') {
      parts.push(CHANGE_WORDS[change]);
      continue;
    }
    if (entry.tagsAdded > 0) parts.push(`${count(entry.tagsAdded, 'tag')} added`);
    if (entry.tagsRemoved > 0) parts.push(`${count(entry.tagsRemoved, 'tag')} removed`);
    if (entry.tagsAdded === 0 && entry.tagsRemoved === 0) parts.push('tags reordered');
  }
  const line = parts.join(', ') || 'no change';
  return entry.kind === 'restored' ? `restored: ${line}` : line;
}

export const RevisionEntry = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.Union(
      REVISION_KINDS.map((kind) => Type.Literal(kind)),
      { description: 'baseline, created, updated and restored hold content; the others are workflow events' },
    ),
    at: Type.String({ format: 'date-time' }),
    by: Type.Object({
      email: Type.String({ description: '"system" for the scheduled publisher' }),
      name: Type.Union([Type.String(), Type.Null()]),
    }),
    summary: Type.String({ description: 'One line of what changed, e.g. "title, content, 2 tags added"' }),
    changes: Type.Array(Type.Union(REVISION_CHANGES.map((c) => Type.Literal(c)))),
    tagsAdded: Type.Integer({ minimum: 0 }),
    tagsRemoved: Type.Integer({ minimum: 0 }),
    hasContent: Type.Boolean({
      description: 'Whether the entry keeps a copy of the content (can be restored)',
    }),
    restoredFrom: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
      description: 'For a restore: the revision whose content was restored',
    }),
    contentRevisionId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
      description: 'For a publish: the revision whose content was published, when history holds it',
    }),
    scheduledFor: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'For a schedule: the time the post is to be published',
    }),
  },
  { title: 'RevisionEntry' },
);
export type RevisionEntry = Static<typeof RevisionEntry>;

/** The post as a save left it (its slug follows the title and is not kept). */
export const RevisionContent = Type.Object(
  {
    title: Type.String(),
    shortDescription: Type.String(),
    featureImageUrl: Type.String(),
    editorHtmlContent: Type.String(),
    editorState: Type.Union([Type.String(), Type.Null()]),
    editorTextString: Type.String(),
    tags: Type.Array(TagRef, { description: 'As they were named when saved' }),
    category: Type.Union([CategoryRef, Type.Null()]),
    fields: BlogPost.properties.fields,
    writtenBy: Type.String(),
  },
  { title: 'RevisionContent' },
);
export type RevisionContent = Static<typeof RevisionContent>;

export const Revision = Type.Composite(
  [RevisionEntry, Type.Object({ content: Type.Union([RevisionContent, Type.Null()]) })],
  { title: 'Revision' },
);
export type Revision = Static<typeof Revision>;

export const RevisionListQuery = Type.Object({
  domain: DomainQuery.properties.domain,
  page: Type.Integer({
    minimum: 0,
    maximum: MAX_PAGE_INDEX,
    default: 0,
    description: 'Zero-based page index',
  }),
  numberOfEntries: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
});
export type RevisionListQuery = Static<typeof RevisionListQuery>;

export const RevisionParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  revisionId: Type.String({ format: 'uuid' }),
});
export type RevisionParams = Static<typeof RevisionParams>;

export const RestoreResult = Type.Object(
  {
    post: BlogPost,
    skipped: Type.Array(Type.String(), {
      description:
        'What of the revision could not be brought back: tags and categories deleted since, fields no longer defined',
    }),
  },
  { title: 'RestoreResult' },
);
export type RestoreResult = Static<typeof RestoreResult>;
