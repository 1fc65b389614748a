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
 * Applies the dialog's result where the selection was when it opened. A caret in a link edits that
 * link; selected text whose wording was kept is wrapped (or its links re-addressed); otherwise a new
 * link with the given text replaces the selection, or goes at the caret.
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
  if (selection.isCollapsed() && link) {
    // The caret is in a link: edit that one rather than nest a new link inside it.
    link.setURL(url);
    if (text !== originalText) {
      // New text first: a link left empty for a moment would remove itself.
      const previous = link.getChildren();
      link.append($createTextNode(text));
      for (const child of previous) child.remove();
    }
    link.selectEnd();
  } else if (text === originalText && !selection.isCollapsed()) {
    $toggleLink(url);
  } else {
    const node = $createLinkNode(url).append($createTextNode(text));
    selection.insertNodes([node]);
    node.selectEnd();
  }
}
