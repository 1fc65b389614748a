import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { DialogField, EditorDialog } from '../../ui/editor-dialog.js';

export const MAX_TABLE_ROWS = 50;
export const MAX_TABLE_COLUMNS = 12;

export interface TableDraft {
  rows: number;
  columns: number;
  headerRow: boolean;
}

interface InsertTableDialogProps {
  onInsert: (table: TableDraft) => void;
  onClose: () => void;
}

/** A whole number from 1 to max, or null. */
export function parseCount(value: string, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(value)) return null;
  const count = Number(value);
  return count >= 1 && count <= max ? count : null;
}

/** Asks for the number of rows and columns, and whether the first row holds headers. */
export function InsertTableDialog({ onInsert, onClose }: InsertTableDialogProps) {
  const { t } = useTranslation();
  const headerId = useId();
  const [rows, setRows] = useState('3');
  const [columns, setColumns] = useState('3');
  const [headerRow, setHeaderRow] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const rowsRef = useRef<HTMLInputElement>(null);
  const columnsRef = useRef<HTMLInputElement>(null);

  const rowCount = parseCount(rows, MAX_TABLE_ROWS);
  const columnCount = parseCount(columns, MAX_TABLE_COLUMNS);

  const submit = () => {
    setSubmitted(true);
    if (rowCount === null || columnCount === null) {
      (rowCount === null ? rowsRef : columnsRef).current?.focus();
      return;
    }
    onInsert({ rows: rowCount, columns: columnCount, headerRow });
  };

  return (
    <EditorDialog
      title={t('editor.table.title')}
      submitLabel={t('editor.dialog.insert')}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="editor-dialog__row">
        <DialogField
          inputRef={rowsRef}
          type="number"
          min={1}
          max={MAX_TABLE_ROWS}
          label={t('editor.table.rows')}
          value={rows}
          onChange={setRows}
          error={
            submitted && rowCount === null ? t('editor.table.rowsInvalid', { max: MAX_TABLE_ROWS }) : null
          }
        />
        <DialogField
          inputRef={columnsRef}
          type="number"
          min={1}
          max={MAX_TABLE_COLUMNS}
          label={t('editor.table.columns')}
          value={columns}
          onChange={setColumns}
          error={
            submitted && columnCount === null
              ? t('editor.table.columnsInvalid', { max: MAX_TABLE_COLUMNS })
              : null
          }
        />
      </div>
      <label className="editor-dialog__checkbox" htmlFor={headerId}>
        <input
          id={headerId}
          type="checkbox"
          checked={headerRow}
          onChange={(event) => setHeaderRow(event.target.checked)}
        />
        {t('editor.table.headerRow')}
      </label>
    </EditorDialog>
  );
}
