import { $createCodeNode } from '@lexical/code';
import { $createHeadingNode, $createQuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $createParagraphNode, $getSelection, $isRangeSelection } from 'lexical';

// Toolbar block buttons toggle: pressing the active one turns the block back into a paragraph.

export function $toggleHeading(tag: HeadingTagType, active: boolean): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  $setBlocksType(selection, () => (active ? $createParagraphNode() : $createHeadingNode(tag)));
}

export function $toggleQuote(active: boolean): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  $setBlocksType(selection, () => (active ? $createParagraphNode() : $createQuoteNode()));
}

/**
 * A caret turns its block into a code block; selected text, which may span several blocks, is moved
 * into one code block as plain lines. The language is then chosen in the toolbar's select.
 */
export function $toggleCodeBlock(active: boolean): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  if (active) {
    $setBlocksType(selection, () => $createParagraphNode());
  } else if (selection.isCollapsed()) {
    $setBlocksType(selection, () => $createCodeNode());
  } else {
    const text = selection.getTextContent();
    const code = $createCodeNode();
    selection.insertNodes([code]);
    const inside = $getSelection();
    if ($isRangeSelection(inside)) inside.insertRawText(text);
  }
}
