import { MAX_HTML_BYTES, REQUIRED_MESSAGE, type BlogPostInput } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { listColumnDefs } from '../db/repositories/column-defs.repository.js';
import type { PostValues } from '../db/repositories/posts.repository.js';
import { existingTaxonomyIds } from '../db/repositories/taxonomy.repository.js';
import { badRequest, tooLarge } from '../lib/app-error.js';
import {
  MAX_HTML_DEPTH,
  htmlNestsTooDeep,
  htmlToPlainText,
  sanitizeEditorHtml,
} from '../lib/html-sanitizer.js';
import { validateFields } from './custom-fields.js';
import { editorStateProblem } from './editor-state.js';

const idOf = (ref: string | { id: string }) => (typeof ref === 'string' ? ref : ref.id);
const blank = (value: string | undefined) => value === undefined || value.trim() === '';

function featureImageProblem(url: string): string | null {
  if (url === '') return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:'
      ? null
      : 'featureImageUrl: must be an http or https address';
  } catch {
    return 'featureImageUrl: must be an http or https address';
  }
}

/** Validates a post body against the domain and turns it into column values (without the slug). */
export async function postValues(db: Db, domainId: string, input: BlogPostInput) {
  const lines: string[] = [];
  if (blank(input.title)) lines.push(`title: ${REQUIRED_MESSAGE}`);
  if (blank(input.writtenBy)) lines.push(`writtenBy: ${REQUIRED_MESSAGE}`);
  if (blank(input.editorHtmlContent)) lines.push(`editorHtmlContent: ${REQUIRED_MESSAGE}`);
  const html = input.editorHtmlContent ?? '';
  if (Buffer.byteLength(html, 'utf8') > MAX_HTML_BYTES) throw tooLarge('editorHtmlContent: is too large');
  if (htmlNestsTooDeep(html))
    lines.push(`editorHtmlContent: nests elements more than ${MAX_HTML_DEPTH} levels deep`);
  const stateLine = input.editorState ? editorStateProblem(input.editorState) : null;
  if (stateLine) lines.push(stateLine);
  const imageLine = featureImageProblem(input.featureImageUrl ?? '');
  if (imageLine) lines.push(imageLine);

  const tagIds = [...new Set((input.tags ?? []).map(idOf))];
  const categoryId = input.category ? idOf(input.category) : null;
  const [knownTags, knownCategory, defs] = await Promise.all([
    existingTaxonomyIds(db, 'tags', domainId, tagIds),
    existingTaxonomyIds(db, 'categories', domainId, categoryId ? [categoryId] : []),
    listColumnDefs(db, domainId),
  ]);
  for (const id of tagIds) if (!knownTags.has(id)) lines.push(`tags: ${id} is not a tag of this domain`);
  if (categoryId && !knownCategory.has(categoryId))
    lines.push(`category: ${categoryId} is not a category of this domain`);
  const fields = validateFields(defs, input.fields ?? {});
  lines.push(...fields.lines);
  if (lines.length > 0) throw badRequest(lines);

  const sanitized = sanitizeEditorHtml(html);
  const values: Omit<PostValues, 'slug'> = {
    title: (input.title ?? '').trim(),
    short_description: input.shortDescription ?? '',
    feature_image_url: input.featureImageUrl ?? '',
    editor_html_content: sanitized,
    editor_state: input.editorState ?? null,
    editor_text_string: input.editorTextString ?? htmlToPlainText(sanitized),
    category_id: categoryId,
    fields: fields.clean,
    written_by: (input.writtenBy ?? '').trim(),
  };
  return { values, tagIds };
}
