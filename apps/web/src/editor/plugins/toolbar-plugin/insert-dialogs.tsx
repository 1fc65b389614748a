import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { INSERT_TABLE_COMMAND } from '@lexical/table';
import { $getRoot, $getSelection, $setSelection, type BaseSelection } from 'lexical';
import { useEffect, useRef, useState } from 'react';
import type { ImagePayload } from '../../nodes/image-node.js';
import { INSERT_IMAGE_COMMAND } from '../image-plugin/image-plugin.js';
import { InsertImageDialog } from '../image-plugin/insert-image-dialog.js';
import { $insertLink, $readLinkDraft } from '../link-plugin/insert-link.js';
import { InsertLinkDialog, type LinkDraft } from '../link-plugin/insert-link-dialog.js';
import { InsertTableDialog, type TableDraft } from '../table-plugin/insert-table-dialog.js';

export type InsertDialogKind = 'image' | 'link' | 'table';

type OpenDialog = { kind: 'image' } | { kind: 'table' } | { kind: 'link'; initial: LinkDraft };

/** Puts back the selection the editor had when the dialog opened, or the end of the document. */
function $restoreSelection(saved: BaseSelection | null): void {
  if (saved) $setSelection(saved.clone());
  else $getRoot().selectEnd();
}

/**
 * The toolbar's insert dialogs. The editor's selection is remembered when one opens (focus moves into
 * the dialog), the insertion happens there, and focus returns to the editor afterwards; Cancel and
 * Escape leave focus where it was before, as every modal dialog does (components/ui/modal.tsx).
 */
export function useInsertDialogs() {
  const [editor] = useLexicalComposerContext();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const savedSelection = useRef<BaseSelection | null>(null);
  const focusEditorOnClose = useRef(false);

  // Runs after the closed dialog has handed focus back, so the editor gets the last word.
  useEffect(() => {
    if (dialog !== null || !focusEditorOnClose.current) return;
    focusEditorOnClose.current = false;
    // editor.focus() puts the selection back; focusing the root as well does not rely on the browser
    // moving focus along with that selection.
    editor.focus();
    const root = editor.getRootElement();
    if (root && document.activeElement !== root) root.focus({ preventScroll: true });
  }, [dialog, editor]);

  const open = (kind: InsertDialogKind) => {
    const { selection, link } = editor.getEditorState().read(() => ({
      selection: $getSelection()?.clone() ?? null,
      link: $readLinkDraft(),
    }));
    savedSelection.current = selection;
    setDialog(kind === 'link' ? { kind, initial: link } : { kind });
  };

  const close = () => setDialog(null);

  const finish = (insert: () => void) => {
    editor.update(() => {
      insert();
    });
    focusEditorOnClose.current = true;
    setDialog(null);
  };

  const insertImage = (payload: ImagePayload) =>
    finish(() => {
      $restoreSelection(savedSelection.current);
      editor.dispatchCommand(INSERT_IMAGE_COMMAND, payload);
    });

  const insertTable = ({ rows, columns, headerRow }: TableDraft) =>
    finish(() => {
      $restoreSelection(savedSelection.current);
      editor.dispatchCommand(INSERT_TABLE_COMMAND, {
        rows: String(rows),
        columns: String(columns),
        includeHeaders: { rows: headerRow, columns: false },
      });
    });

  const insertLink = (link: LinkDraft, originalText: string) =>
    finish(() => $insertLink(savedSelection.current, link, originalText));

  let element = null;
  if (dialog?.kind === 'image') element = <InsertImageDialog onInsert={insertImage} onClose={close} />;
  if (dialog?.kind === 'table') element = <InsertTableDialog onInsert={insertTable} onClose={close} />;
  if (dialog?.kind === 'link') {
    const { initial } = dialog;
    element = (
      <InsertLinkDialog
        initial={initial}
        onInsert={(link) => insertLink(link, initial.text)}
        onClose={close}
      />
    );
  }
  return { open, element };
}
