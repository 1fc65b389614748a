import type { TagRef } from '@masthead/contract';
import type { FieldFormValue, PostFormValues } from './post-form-values.js';

/** The version of the post a draft was typed on, to tell the user when the post moved on since. */
export interface DraftBase {
  lastModifiedDate: string;
  etag: string | null;
}

/** An unsaved copy of the form, kept in localStorage so a crash, a closed tab or a reload loses nothing. */
export interface StoredDraft {
  savedAt: string;
  /** Null for a new post. */
  basedOn: DraftBase | null;
  values: PostFormValues;
}

const FORMAT = 1;

/** One draft per domain and post; new posts of a domain share `new`. */
export function draftKey(domainId: string, postId: string): string {
  return `masthead.draft.${domainId}.${postId}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

function isTagRef(value: unknown): value is TagRef {
  return isRecord(value) && isString(value.id) && isString(value.tag) && isString(value.tagDisplayName);
}

function parseValues(value: unknown): PostFormValues | null {
  if (!isRecord(value) || !isRecord(value.content) || !isRecord(value.fields)) return null;
  const { content } = value;
  const strings = [
    value.title,
    value.shortDescription,
    value.featureImageUrl,
    value.categoryId,
    value.writtenBy,
  ];
  const contentStrings = [content.editorHtmlContent, content.editorState, content.editorTextString];
  if (!strings.every(isString) || !contentStrings.every(isString)) return null;
  if (!Array.isArray(value.tags) || !value.tags.every(isTagRef)) return null;
  const fields: Record<string, FieldFormValue> = {};
  for (const [key, field] of Object.entries(value.fields)) {
    if (isString(field) || typeof field === 'boolean') fields[key] = field;
    else if (Array.isArray(field) && field.every(isString)) fields[key] = field;
  }
  return {
    title: value.title as string,
    shortDescription: value.shortDescription as string,
    featureImageUrl: value.featureImageUrl as string,
    tags: value.tags.map(({ id, tag, tagDisplayName }) => ({ id, tag, tagDisplayName })),
    categoryId: value.categoryId as string,
    writtenBy: value.writtenBy as string,
    fields,
    content: {
      editorHtmlContent: content.editorHtmlContent as string,
      editorState: content.editorState as string,
      editorTextString: content.editorTextString as string,
    },
  };
}

/** Checks what storage holds: it may be corrupt, from another version of the app, or edited by hand. */
export function parseDraft(raw: string | null): StoredDraft | null {
  if (raw === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(data) || data.format !== FORMAT || !isString(data.savedAt)) return null;
  if (Number.isNaN(Date.parse(data.savedAt))) return null;
  const basedOn = isRecord(data.basedOn) && isString(data.basedOn.lastModifiedDate) ? data.basedOn : null;
  const values = parseValues(data.values);
  if (!values) return null;
  return {
    savedAt: data.savedAt,
    basedOn: basedOn && {
      lastModifiedDate: basedOn.lastModifiedDate as string,
      etag: isString(basedOn.etag) ? basedOn.etag : null,
    },
    values,
  };
}

// Storage can be missing (privacy modes), full or refuse access; a draft is a safety net, so every
// failure is logged and otherwise ignored rather than breaking the editor.

export function readDraft(key: string): StoredDraft | null {
  try {
    return parseDraft(window.localStorage.getItem(key));
  } catch (error) {
    console.warn('Could not read the local draft', error);
    return null;
  }
}

/** False when the copy could not be kept (quota exceeded, storage disabled). */
export function writeDraft(key: string, draft: StoredDraft): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify({ format: FORMAT, ...draft }));
    return true;
  } catch (error) {
    console.warn('Could not keep a local draft', error);
    return false;
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn('Could not remove the local draft', error);
  }
}
