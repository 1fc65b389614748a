import { isMatch } from 'date-fns';
import { REQUIRED_MESSAGE, type ColumnDef, type FieldValue } from '@masthead/contract';

const TEXT_LIMIT: Record<string, number> = { text: 1000, textarea: 10000 };

function problem(def: ColumnDef, value: FieldValue): string | null {
  switch (def.type) {
    case 'text':
    case 'textarea':
      if (typeof value !== 'string') return 'must be text';
      return value.length > (TEXT_LIMIT[def.type] ?? 0)
        ? `must be at most ${TEXT_LIMIT[def.type]} characters`
        : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date':
      return typeof value === 'string' && isMatch(value, 'yyyy-MM-dd') ? null : 'must be a date (yyyy-MM-dd)';
    case 'select':
      return typeof value === 'string' && (def.options ?? []).includes(value)
        ? null
        : `must be one of ${(def.options ?? []).join(', ')}`;
    case 'multiselect':
      return multiSelectProblem(def, value);
  }
}

/** A multi-select holds a list of its options, each once (decision 051). */
function multiSelectProblem(def: ColumnDef, value: FieldValue): string | null {
  const options = def.options ?? [];
  if (!Array.isArray(value) || value.some((item) => !options.includes(item)))
    return `must be a list of ${options.join(', ')}`;
  return new Set(value).size === value.length ? null : 'must name each option once';
}

const isEmpty = (value: FieldValue | undefined) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Checks a post's custom fields against the domain's definitions (DESIGN §3). Returns the fields to
 * store (empty values dropped) and one line per problem.
 */
export function validateFields(defs: ColumnDef[], fields: Record<string, FieldValue>) {
  const lines: string[] = [];
  const clean: Record<string, FieldValue> = {};
  const known = new Map(defs.map((def) => [def.key, def]));
  for (const key of Object.keys(fields)) {
    if (!known.has(key)) lines.push(`fields.${key}: is not a field of this domain`);
  }
  for (const def of defs) {
    const value = fields[def.key];
    if (isEmpty(value)) {
      if (def.required) lines.push(`fields.${def.key}: ${REQUIRED_MESSAGE}`);
      continue;
    }
    const issue = problem(def, value as FieldValue);
    if (issue) lines.push(`fields.${def.key}: ${issue}`);
    // Kept in the definition's order, so that the same choice is always stored (and filtered) alike.
    else if (Array.isArray(value))
      clean[def.key] = (def.options ?? []).filter((option) => value.includes(option));
    else clean[def.key] = value as FieldValue;
  }
  return { lines, clean };
}
