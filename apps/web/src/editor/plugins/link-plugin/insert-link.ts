import { $createLinkNode, $isLinkNode, $toggleLink, type LinkNode } from '@lexical/link';
import { $findMatchingParent } from '@lexical/utils';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
} from 'lexical';
import type { LinkDraft } from './insert-link-dialog.js';

function $selectedLink(): LinkNode | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  return $findMatchingParent(selection.anchor.getNode(), $isLinkNode);
}

/** What the link dialog starts with: the selected text, and the address of the link it is in. */
export function $readLinkDraft(): LinkDraft {
  const selection = $getSelection();
  const link = $selectedLink();
  if (!$isRangeSelection(selection)) return { url: '', text: '' };
  if (selection.isCollapsed() && link) return { url: link.getURL(), text: link.getTextContent() };
  return { url: link?.getURL() ?? '', text: selection.getTextContent() };
}

/**
 * Applies the dialog's result where the selection was when it opened. Selected text whose wording was
 * kept is wrapped (or its link re-addressed); otherwise a new link with the given text replaces the
 * selection, or goes at the caret.
 */
export function $insertLink(
  saved: BaseSelection | null,
  { url, text }: LinkDraft,
  originalText: string,
): void {
  if (saved) $setSelection(saved.clone());
  let selection = $getSelection();
  if (!$isRangeSelection(selection)) {
    $getRoot().append($createParagraphNode()).selectEnd();
    selection = $getSelection();
  }
  if (!$isRangeSelection(selection)) return;
  const link = $selectedLink();
  if (text === originalText && selection.isCollapsed() && link) {
    link.setURL(url);
  } else if (text === originalText && !selection.isCollapsed()) {
    $toggleLink(url);
  } else {
    const node = $createLinkNode(url).append($createTextNode(text));
    selection.insertNodes([node]);
    node.selectEnd();
  }
}
