import type { ColumnDef } from '@masthead/contract';
import { contentIsEmpty } from '../../../editor/editor-content.js';
import type { PostFormValues } from './post-form-values.js';
import type { PreviewReadiness } from '../../../lib/post-preview.js';
import { validatePost, type FieldKey } from './validate-post.js';

type Translate = (key: string) => string;

const LABELS: Record<string, string> = {
  title: 'blogEditor.title',
  content: 'blogEditor.content',
  writtenBy: 'blogEditor.author',
  featureImageUrl: 'blogEditor.featureImageUrl',
};

function labelOf(field: FieldKey, defs: ColumnDef[], t: Translate): string {
  const fixed = LABELS[field];
  if (fixed) return t(fixed);
  const key = field.slice('fields.'.length);
  return defs.find((def) => def.key === key)?.label ?? key;
}

interface ReadinessInput {
  values: PostFormValues;
  dirty: boolean;
  defs: ColumnDef[];
  /** Why the editor cannot save the post at all (its lock's message key), or null. */
  locked: string | null;
}

/**
 * Whether a preview can show what the form shows: nothing unsaved, unsaved but savable first, or
 * not savable now, with why ("Title: This field is required"), so the user can choose the version
 * as last saved or go back and fix it.
 */
export function previewReadiness(
  { values, dirty, defs, locked }: ReadinessInput,
  t: Translate,
): PreviewReadiness {
  if (!dirty) return { kind: 'saved' };
  if (locked) return { kind: 'blocked', reasons: [t(locked)] };
  const problems = validatePost(values, defs, contentIsEmpty(values.content));
  if (problems.length === 0) return { kind: 'save' };
  return {
    kind: 'blocked',
    reasons: problems.map(({ field, message }) => `${labelOf(field, defs, t)}: ${t(message)}`),
  };
}
