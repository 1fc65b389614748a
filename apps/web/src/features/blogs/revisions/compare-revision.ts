import type { BlogPost, ColumnDef, RevisionContent, TagRef } from '@masthead/contract';
import { diffWords } from 'diff';

/**
 * Beyond this many changed words the marking stops and the view says the texts differ too much:
 * jsdiff's cost grows with length × changes, and two unrelated 3,000-word texts would hold the page
 * for seconds; marking them word by word would not help the reader either.
 */
export const MAX_MARKED_CHANGES = 2000;

/** A run of the text: kept in both, only in the revision (removed) or only in the current version. */
export interface TextPart {
  kind: 'same' | 'removed' | 'inserted';
  text: string;
}

export type ContentComparison =
  | { kind: 'same' }
  | { kind: 'formatting' }
  | { kind: 'marked'; parts: TextPart[] }
  | { kind: 'tooDifferent' };

/** The content from the chosen revision to the current version, word by word. */
export function compareText(
  revision: { text: string; html: string },
  current: { text: string; html: string },
): ContentComparison {
  if (revision.text === current.text) {
    return revision.html === current.html ? { kind: 'same' } : { kind: 'formatting' };
  }
  const changes = diffWords(revision.text, current.text, { maxEditLength: MAX_MARKED_CHANGES });
  if (!changes) return { kind: 'tooDifferent' };
  const parts: TextPart[] = changes.map((change) => ({
    kind: change.added ? 'inserted' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
  return { kind: 'marked', parts };
}

/** One part of the post that differs, as a before (the revision) and an after (the current post). */
export interface ChangedValue {
  /** A translation key (history.parts.*) or, for a custom field, its label. */
  name: string;
  isField: boolean;
  before: string;
  after: string;
}

export interface TagChanges {
  /** In the current post, not in the revision. */
  added: string[];
  /** In the revision, not in the current post. */
  removed: string[];
}

const tagName = (tag: TagRef) => tag.tagDisplayName || tag.tag;

export function compareTags(revision: TagRef[], current: TagRef[]): TagChanges {
  const inRevision = new Set(revision.map((tag) => tag.id));
  const inCurrent = new Set(current.map((tag) => tag.id));
  return {
    added: current.filter((tag) => !inRevision.has(tag.id)).map(tagName),
    removed: revision.filter((tag) => !inCurrent.has(tag.id)).map(tagName),
  };
}

type FieldValue = BlogPost['fields'][string] | undefined;

/** A custom field's value as text; `yes`/`no` are the words for a checkbox, '' for no value. */
export function fieldText(value: FieldValue, words: { yes: string; no: string }): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * What differs besides the content and the tags: title, description, feature image, category,
 * author, then each custom field (named by its label when the domain still defines it).
 */
export function changedValues(
  revision: RevisionContent,
  current: BlogPost,
  defs: ColumnDef[],
  words: { yes: string; no: string },
): ChangedValue[] {
  const changes: ChangedValue[] = [];
  const add = (name: string, before: string, after: string, isField = false) => {
    if (before !== after) changes.push({ name, isField, before, after });
  };
  add('title', revision.title, current.title);
  add('shortDescription', revision.shortDescription, current.shortDescription);
  add('featureImageUrl', revision.featureImageUrl, current.featureImageUrl);
  add(
    'category',
    revision.category?.categoryDisplayName || revision.category?.category || '',
    current.category?.categoryDisplayName || current.category?.category || '',
  );
  add('writtenBy', revision.writtenBy, current.writtenBy);
  const keys = [...new Set([...Object.keys(revision.fields), ...Object.keys(current.fields)])];
  for (const key of keys) {
    const label = defs.find((def) => def.key === key)?.label ?? key;
    add(label, fieldText(revision.fields[key], words), fieldText(current.fields[key], words), true);
  }
  return changes;
}
