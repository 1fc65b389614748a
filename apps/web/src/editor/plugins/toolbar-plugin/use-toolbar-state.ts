import { $isCodeNode } from '@lexical/code';
import { $isListNode, ListNode } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $isTableCellNode } from '@lexical/table';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $isTextNode,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  type LexicalNode,
  type NodeKey,
  type RangeSelection,
  type TextFormatType,
  type TextNode,
} from 'lexical';
import { useEffect, useState } from 'react';

export type BlockType =
  'paragraph' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'bullet' | 'number' | 'check' | 'quote' | 'code';

export interface SelectionState {
  blockType: BlockType;
  /** The code block the caret is in, and its language ('' for plain text). */
  codeNodeKey: NodeKey | null;
  codeLanguage: string;
  /** Lexical does not nest tables, so a table cannot be inserted here. */
  inTable: boolean;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  code: boolean;
}

export interface ToolbarState extends SelectionState {
  canUndo: boolean;
  canRedo: boolean;
}

const EMPTY_SELECTION: SelectionState = {
  blockType: 'paragraph',
  codeNodeKey: null,
  codeLanguage: '',
  inTable: false,
  bold: false,
  italic: false,
  underline: false,
  strikethrough: false,
  code: false,
};

function $topLevelBlock(node: LexicalNode): LexicalNode {
  if ($isRootOrShadowRoot(node)) return node;
  return (
    $findMatchingParent(node, (candidate) => {
      const parent = candidate.getParent();
      return parent !== null && $isRootOrShadowRoot(parent);
    }) ?? node
  );
}

/** The text nodes a range selection actually covers, without those it only touches at an edge. */
function $coveredTextNodes(selection: RangeSelection): TextNode[] {
  const [start, end] = selection.isBackward()
    ? [selection.focus, selection.anchor]
    : [selection.anchor, selection.focus];
  return selection
    .getNodes()
    .filter($isTextNode)
    .filter(
      (node) =>
        !(node.getKey() === start.key && start.offset === node.getTextContentSize()) &&
        !(node.getKey() === end.key && end.offset === 0),
    );
}

/**
 * A caret shows the format typing will use (the selection's own); selected text shows a format as
 * active only when all of it has it, as word processors do.
 */
function $formatChecker(selection: RangeSelection): (format: TextFormatType) => boolean {
  const nodes = selection.isCollapsed() ? [] : $coveredTextNodes(selection);
  if (nodes.length === 0) return (format) => selection.hasFormat(format);
  return (format) => nodes.every((node) => node.hasFormat(format));
}

/** What the toolbar shows as active for the current selection. */
export function $readSelectionState(): SelectionState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return EMPTY_SELECTION;
  const anchor = selection.anchor.getNode();
  const block = $topLevelBlock(anchor);
  let blockType: BlockType = 'paragraph';
  let codeNodeKey: NodeKey | null = null;
  let codeLanguage = '';
  if ($isListNode(block)) {
    // In a nested list the innermost list decides.
    blockType = ($getNearestNodeOfType(anchor, ListNode) ?? block).getListType();
  } else if ($isHeadingNode(block)) {
    blockType = block.getTag();
  } else if ($isQuoteNode(block)) {
    blockType = 'quote';
  } else if ($isCodeNode(block)) {
    blockType = 'code';
    codeNodeKey = block.getKey();
    codeLanguage = block.getLanguage() ?? '';
  }
  const hasFormat = $formatChecker(selection);
  return {
    blockType,
    codeNodeKey,
    codeLanguage,
    inTable: $findMatchingParent(anchor, $isTableCellNode) !== null,
    bold: hasFormat('bold'),
    italic: hasFormat('italic'),
    underline: hasFormat('underline'),
    strikethrough: hasFormat('strikethrough'),
    code: hasFormat('code'),
  };
}

/** Follows the selection and the undo history, re-rendering the toolbar when either changes. */
export function useToolbarState(): ToolbarState {
  const [editor] = useLexicalComposerContext();
  const [selectionState, setSelectionState] = useState<SelectionState>(() =>
    editor.getEditorState().read($readSelectionState),
  );
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const next = editorState.read($readSelectionState);
          // Most updates are typing that changes none of this; keep the object so nothing re-renders.
          setSelectionState((previous) =>
            (Object.keys(next) as (keyof SelectionState)[]).every((key) => previous[key] === next[key])
              ? previous
              : next,
          );
        }),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (payload) => {
            setCanUndo(payload);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (payload) => {
            setCanRedo(payload);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );

  return { ...selectionState, canUndo, canRedo };
}
