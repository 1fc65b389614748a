import type { BlogPost, TagRef } from '@masthead/contract';
// Defined beside the input that edits it (components/forms), which the custom-fields tab shares.
import type { FieldFormValue } from '../../../components/forms/custom-field-input.js';
import { contentIsEmpty, type EditorContent } from '../../../editor/editor-content.js';

export type { FieldFormValue };

/** Everything the user can change in the editor; it is also what a local draft stores. */
export interface PostFormValues {
  title: string;
  shortDescription: string;
  featureImageUrl: string;
  /** Whole references, so that chips keep their names while the domain's tag list loads. */
  tags: TagRef[];
  /** '' when no category is chosen. */
  categoryId: string;
  writtenBy: string;
  fields: Record<string, FieldFormValue>;
  content: EditorContent;
}

export const EMPTY_CONTENT: EditorContent = { editorHtmlContent: '', editorState: '', editorTextString: '' };

export function newPostValues(authorName: string): PostFormValues {
  return {
    title: '',
    shortDescription: '',
    featureImageUrl: '',
    tags: [],
    categoryId: '',
    writtenBy: authorName,
    fields: {},
    content: EMPTY_CONTENT,
  };
}

export function postToValues(post: BlogPost): PostFormValues {
  const fields: Record<string, FieldFormValue> = {};
  for (const [key, value] of Object.entries(post.fields ?? {})) {
    if (typeof value === 'boolean' || typeof value === 'string' || Array.isArray(value)) fields[key] = value;
    else if (typeof value === 'number') fields[key] = String(value);
  }
  return {
    title: post.title,
    shortDescription: post.shortDescription ?? '',
    featureImageUrl: post.featureImageUrl ?? '',
    tags: post.tags.map(({ id, tag, tagDisplayName }) => ({ id, tag, tagDisplayName })),
    categoryId: post.category?.id ?? '',
    writtenBy: post.writtenBy,
    fields,
    content: {
      editorHtmlContent: post.editorHtmlContent ?? '',
      editorState: post.editorState ?? '',
      editorTextString: post.editorTextString ?? '',
    },
  };
}

/**
 * The rich-text component reports changes only, so a different state means the user changed
 * something; an editor emptied again counts as unchanged for a post that had no content.
 */
function sameContent(a: EditorContent, b: EditorContent): boolean {
  return a.editorState === b.editorState || (contentIsEmpty(a) && contentIsEmpty(b));
}

/** An unset checkbox, an empty input and no option chosen mean the same as a missing key. */
const normalizedField = (value: FieldFormValue | undefined) =>
  value === false ? '' : Array.isArray(value) ? value.join('\n') : (value ?? '');

function sameFields(a: PostFormValues['fields'], b: PostFormValues['fields']): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => normalizedField(a[key]) === normalizedField(b[key]));
}

/** Whether two versions of the form hold the same post; `dirty` is "not the same as loaded". */
export function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  return (
    a.title === b.title &&
    a.shortDescription === b.shortDescription &&
    a.featureImageUrl === b.featureImageUrl &&
    a.categoryId === b.categoryId &&
    a.writtenBy === b.writtenBy &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, index) => tag.id === b.tags[index]?.id) &&
    sameFields(a.fields, b.fields) &&
    sameContent(a.content, b.content)
  );
}
