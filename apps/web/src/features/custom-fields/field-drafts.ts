import type { ColumnDef, FieldType } from '@masthead/contract';

/** One row of the editor: a definition as the form holds it (options as lines of text). */
export interface FieldDraft {
  /** A stable id for React keys and drag and drop; never sent. */
  uid: string;
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  filterable: boolean;
  optionsText: string;
  /** Saved already: its key names stored values, so it is not edited (a new key is a new field). */
  saved: boolean;
}

/**
 * The contract's FIELD_TYPES, in the order the type menu shows them. Not imported: the contract's
 * index brings TypeBox, which would land in a chunk the list shares (the budget, DESIGN §6). The
 * check below fails the typecheck when the contract gains a type this list lacks.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'boolean',
  'date',
  'select',
  'multiselect',
] as const satisfies readonly FieldType[];
const everyType: Exclude<FieldType, (typeof FIELD_TYPES)[number]> extends never ? true : never = true;
void everyType;

let next = 0;
const uid = () => `field-${++next}`;

export const draftOf = (def: ColumnDef): FieldDraft => ({
  uid: uid(),
  key: def.key,
  label: def.label,
  type: def.type,
  required: def.required,
  filterable: def.filterable ?? false,
  optionsText: (def.options ?? []).join('\n'),
  saved: true,
});

export const newDraft = (): FieldDraft => ({
  uid: uid(),
  key: '',
  label: '',
  type: 'text',
  required: false,
  filterable: false,
  optionsText: '',
  saved: false,
});

export const optionsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A select and a multi-select take their values from options, and only they can be filterable. */
export const hasOptions = (type: FieldType) => type === 'select' || type === 'multiselect';

/** The list the PUT sends: options and filterable only where a select has them. */
export function defsOf(drafts: FieldDraft[]): ColumnDef[] {
  return drafts.map((draft) => {
    const def: ColumnDef = {
      key: draft.key.trim(),
      label: draft.label.trim(),
      type: draft.type,
      required: draft.required,
      filterable: hasOptions(draft.type) && draft.filterable,
    };
    if (hasOptions(draft.type)) def.options = optionsOf(draft.optionsText);
    return def;
  });
}

export function moved<T>(items: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length) return items;
  const copy = items.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/**
 * The server's 400 lines ('field 2 "client": options: …') by row index; lines that name no field
 * are kept apart for the form as a whole.
 */
export function problemsByRow(lines: string[]) {
  const rows = new Map<number, string[]>();
  const general: string[] = [];
  for (const line of lines) {
    const match = /^field (\d+)(?: "[^"]*")?: (.+)$/.exec(line);
    if (!match) {
      general.push(line);
      continue;
    }
    const index = Number(match[1]) - 1;
    rows.set(index, [...(rows.get(index) ?? []), match[2] as string]);
  }
  return { rows, general };
}

/** The 409 lines ('client: 12 posts hold a value of this field') as keys and counts (null: a million or more). */
export const heldValues = (lines: string[]) =>
  lines.map((line) => {
    const [key = '', rest = ''] = line.split(': ');
    const count = /^\d+/.exec(rest);
    return { key, count: count ? Number(count[0]) : null };
  });
