import type { BlogPostInput, ColumnDef, FieldValue } from '@masthead/contract';
import type { FieldFormValue, PostFormValues } from './post-form-values.js';

/** A custom field's form value as the server validates it (DESIGN §3); empty becomes null. */
export function fieldValueFor(def: ColumnDef, value: FieldFormValue | undefined): FieldValue {
  if (def.type === 'boolean') return value === true;
  if (def.type === 'multiselect') return Array.isArray(value) && value.length > 0 ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (def.type === 'number') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return value;
}

/**
 * The POST/PUT body. Only the domain's current fields are sent, since the server refuses unknown
 * keys; when the definitions could not be loaded, the post's stored fields go back unchanged.
 */
export function postBody(
  values: PostFormValues,
  defs: ColumnDef[] | undefined,
  storedFields: BlogPostInput['fields'] = {},
): BlogPostInput {
  const fields: Record<string, FieldValue> = {};
  if (defs) for (const def of defs) fields[def.key] = fieldValueFor(def, values.fields[def.key]);
  return {
    title: values.title,
    shortDescription: values.shortDescription,
    featureImageUrl: values.featureImageUrl.trim(),
    editorHtmlContent: values.content.editorHtmlContent,
    editorState: values.content.editorState || null,
    editorTextString: values.content.editorTextString,
    tags: values.tags.map((tag) => tag.id),
    category: values.categoryId || null,
    fields: defs ? fields : storedFields,
    writtenBy: values.writtenBy,
  };
}
