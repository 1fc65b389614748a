import type { FieldKey } from './validate-post.js';

/** Every control of the form, for ids, labels and focus. */
export type FormControl = FieldKey | 'shortDescription' | 'tags' | 'category';

/** The id of a control; the form's prefix (from useId) keeps two editors on a page apart. */
export const controlId = (prefix: string, control: FormControl) => `${prefix}-${control.replace('.', '-')}`;

export const errorIdOf = (prefix: string, control: FormControl) => `${controlId(prefix, control)}-error`;

/** aria-describedby from the ids that apply; undefined when none does. */
export const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter((id): id is string => Boolean(id)).join(' ') || undefined;
