import type { ColumnDef } from '@masthead/contract';
import type { PostFormValues } from './post-form-values.js';

/** A field the editor checks before sending: the fixed ones, or `fields.<key>` for custom fields. */
export type FieldKey = 'title' | 'content' | 'featureImageUrl' | 'writtenBy' | `fields.${string}`;

/** Translation key of each message. */
export const REQUIRED = 'warning.mandatory';
export const INVALID_URL = 'blogEditor.invalidUrl';

export interface FieldProblem {
  field: FieldKey;
  message: string;
}

const blank = (value: string) => value.trim() === '';

/** The server accepts only http and https feature images; say so before sending. */
function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value.trim());
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function problemOf(
  field: FieldKey,
  values: PostFormValues,
  defs: ColumnDef[],
  contentIsEmpty: boolean,
): string | null {
  switch (field) {
    case 'title':
      return blank(values.title) ? REQUIRED : null;
    case 'writtenBy':
      return blank(values.writtenBy) ? REQUIRED : null;
    case 'content':
      return contentIsEmpty ? REQUIRED : null;
    case 'featureImageUrl':
      return values.featureImageUrl.trim() === '' || isWebAddress(values.featureImageUrl)
        ? null
        : INVALID_URL;
    default: {
      const def = defs.find((candidate) => `fields.${candidate.key}` === field);
      if (!def?.required || def.type === 'boolean') return null;
      const value = values.fields[def.key];
      if (def.type === 'multiselect') return Array.isArray(value) && value.length > 0 ? null : REQUIRED;
      return typeof value !== 'string' || blank(value) ? REQUIRED : null;
    }
  }
}

/** The fields in the order the form shows them, so the first problem is the first one on screen. */
export function checkedFields(defs: ColumnDef[]): FieldKey[] {
  return [
    'title',
    'content',
    'writtenBy',
    'featureImageUrl',
    ...defs.map((def) => `fields.${def.key}` as const),
  ];
}

/** Every problem, in screen order; empty when the post can be sent. */
export function validatePost(
  values: PostFormValues,
  defs: ColumnDef[],
  contentIsEmpty: boolean,
): FieldProblem[] {
  return checkedFields(defs).flatMap((field) => {
    const message = problemOf(field, values, defs, contentIsEmpty);
    return message ? [{ field, message }] : [];
  });
}

/** One field's problem, to clear its message as soon as it is fixed. */
export function validateField(
  field: FieldKey,
  values: PostFormValues,
  defs: ColumnDef[],
  contentIsEmpty: boolean,
): string | null {
  return problemOf(field, values, defs, contentIsEmpty);
}
