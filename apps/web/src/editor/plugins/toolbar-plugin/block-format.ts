import { $createCodeNode } from '@lexical/code';
import { $createHeadingNode, $createQuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $createParagraphNode, $getSelection, $isRangeSelection } from 'lexical';

// Toolbar block buttons toggle: pressing the active one turns the block back into a paragraph.

export function $setParagraph(): void {
  const selection = $getSelection();
  if ($isRangeSelection(selection)) $setBlocksType(selection, () => $createParagraphNode());
}

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
 * A caret becomes an empty code block in place of its paragraph; selected text, which may span several
 * blocks, is moved into one code block as plain lines.
 */
export function $toggleCodeBlock(active: boolean, language: string | undefined): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  if (active) {
    $setBlocksType(selection, () => $createParagraphNode());
  } else if (selection.isCollapsed()) {
    $setBlocksType(selection, () => $createCodeNode(language));
  } else {
    const text = selection.getTextContent();
    const code = $createCodeNode(language);
    selection.insertNodes([code]);
    const inside = $getSelection();
    if ($isRangeSelection(inside)) inside.insertRawText(text);
  }
}
