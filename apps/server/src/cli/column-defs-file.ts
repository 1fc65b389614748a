import { readFile } from 'node:fs/promises';
import { ColumnDefList, FIELD_TYPES, type ColumnDef } from '@masthead/contract';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { InputError } from './cli-error.js';

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

/** 'field 2 "client"' from the path '/1/…', so that the user finds the entry in the file. */
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

/** The rules the schema cannot express (DESIGN §3: select fields, `filterable` filters on a select). */
function semanticProblems(defs: ColumnDef[]): string[] {
  const problems: string[] = [];
  const firstIndex = new Map<string, number>();
  defs.forEach((def, index) => {
    const name = fieldName(defs, index);
    const earlier = firstIndex.get(def.key);
    if (earlier !== undefined) problems.push(`${name}: duplicate key (field ${earlier + 1} has it too)`);
    else firstIndex.set(def.key, index);
    if (def.type === 'select' && (def.options ?? []).length === 0) {
      problems.push(`${name}: a select field needs a non-empty "options" list`);
    }
    if (def.filterable && def.type !== 'select')
      problems.push(`${name}: only a select field can be filterable`);
  });
  return problems;
}

/**
 * Reads and checks a fields file. Throws an InputError whose message is one line: the first
 * problem, prefixed with the file name, and how many more there are.
 */
export async function readColumnDefsFile(file: string): Promise<ColumnDef[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError(`cannot read ${file}: ${reason}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const schema = schemaProblems(value);
  const problems = schema.length > 0 ? schema : semanticProblems(value as ColumnDef[]);
  const [first] = problems;
  if (first !== undefined) {
    const more = problems.length > 1 ? ` (and ${counted(problems.length - 1)})` : '';
    throw new InputError(`${file}: ${first}${more}`);
  }
  return value as ColumnDef[];
}

const counted = (n: number) => (n === 1 ? '1 more problem' : `${n} more problems`);
