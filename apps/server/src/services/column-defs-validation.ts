import { ColumnDefList, FIELD_TYPES, OPTION_FIELD_TYPES, type ColumnDef } from '@masthead/contract';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';

/**
 * The checks of a domain's field definitions, shared by `masthead fields set` and
 * `PUT /cms/column/def/all`: both speak of "field 2 "client"" so that the user finds the entry.
 */

/** Rewordings of the schema's messages where TypeBox's own would not tell the user what to write. */
function reword(error: ValueError): string {
  const property = error.path.split('/').at(-1);
  if (error.type === ValueErrorType.Union && property === 'type') {
    return `must be one of ${FIELD_TYPES.join(', ')}`;
  }
  if (error.type === ValueErrorType.StringPattern && property === 'key') {
    return 'must start with a letter and hold only letters, digits and _ (64 at most)';
  }
  if (error.type === ValueErrorType.ObjectRequiredProperty) return 'is missing';
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return 'is not a property of a field';
  return error.message.charAt(0).toLowerCase() + error.message.slice(1);
}

/** 'field 2 "client"' from the path '/1/…'. */
function fieldName(defs: unknown[], index: number): string {
  const key = (defs[index] as { key?: unknown } | undefined)?.key;
  return typeof key === 'string' && key !== '' ? `field ${index + 1} "${key}"` : `field ${index + 1}`;
}

function schemaProblems(value: unknown): string[] {
  if (!Array.isArray(value)) return ['must hold a JSON array of field definitions'];
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const error of Value.Errors(ColumnDefList, value)) {
    // TypeBox may report one path twice (a missing property is also "not a boolean"); the first says it best.
    if (seen.has(error.path)) continue;
    seen.add(error.path);
    const [, index, ...rest] = error.path.split('/');
    if (index === undefined || index === '') {
      problems.push(reword(error));
      continue;
    }
    const where =
      rest.length > 0
        ? `${rest[0]}${rest
            .slice(1)
            .map((p) => `[${p}]`)
            .join('')}: `
        : '';
    problems.push(`${fieldName(value, Number(index))}: ${where}${reword(error)}`);
  }
  return problems;
}

/**
 * The rules the schema cannot express (DESIGN §3: select fields, `filterable` filters on a select;
 * a multi-select, decision 051, is held to the same).
 */
function semanticProblems(defs: ColumnDef[]): string[] {
  const problems: string[] = [];
  const firstIndex = new Map<string, number>();
  defs.forEach((def, index) => {
    const name = fieldName(defs, index);
    const earlier = firstIndex.get(def.key);
    if (earlier !== undefined) problems.push(`${name}: duplicate key (field ${earlier + 1} has it too)`);
    else firstIndex.set(def.key, index);
    const hasOptions = OPTION_FIELD_TYPES.includes(def.type);
    if (hasOptions && (def.options ?? []).length === 0) {
      problems.push(`${name}: a ${def.type} field needs a non-empty "options" list`);
    }
    if (def.filterable && !hasOptions)
      problems.push(`${name}: only a select or multiselect field can be filterable`);
  });
  return problems;
}

/** Every problem of a list of field definitions, one line each; none when it can be stored. */
export function columnDefsProblems(value: unknown): string[] {
  const schema = schemaProblems(value);
  return schema.length > 0 ? schema : semanticProblems(value as ColumnDef[]);
}
