// No schemas here: the web app imports this file alone (@masthead/contract/revision-kinds) to stay small.
/**
 * A post's history (issue 23): saves that hold a copy of the content (`created`, `updated`,
 * `restored`, and `baseline`, the state a post had before history was kept, written by its first
 * save after that), and workflow events that hold none.
 */
export const REVISION_KINDS = [
  'baseline',
  'created',
  'updated',
  'restored',
  'approved',
  'unapproved',
  'published',
  'unpublished',
  'scheduled',
  'unscheduled',
] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The kinds that keep a copy of the post's content. */
export const CONTENT_REVISION_KINDS = ['baseline', 'created', 'updated', 'restored'] as const;
export const isContentRevisionKind = (kind: RevisionKind) =>
  (CONTENT_REVISION_KINDS as readonly string[]).includes(kind);
