import { readFile } from 'node:fs/promises';
import type { ColumnDef } from '@masthead/contract';
import { columnDefsProblems } from '../services/column-defs-validation.js';
import { InputError } from './cli-error.js';

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
  const problems = columnDefsProblems(value);
  const [first] = problems;
  if (first !== undefined) {
    const more = problems.length > 1 ? ` (and ${counted(problems.length - 1)})` : '';
    throw new InputError(`${file}: ${first}${more}`);
  }
  return value as ColumnDef[];
}

const counted = (n: number) => (n === 1 ? '1 more problem' : `${n} more problems`);
