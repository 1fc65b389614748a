import { $generateNodesFromDOM } from '@lexical/html';
import { $dfs } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  type ElementNode,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { $isImageNode } from '../nodes/image-node.js';
import { $liftToNearestRoot } from './lift-to-root.js';

function isBlock(node: LexicalNode): boolean {
  return ($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline();
}

/**
 * Replaces the document with the given HTML (a post created through the API may have HTML but no
 * editor state). Loose inline content at the top level is gathered into paragraphs, since the root
 * only takes blocks, and images inside paragraphs are lifted out of them.
 */
export function $importHtml(editor: LexicalEditor, html: string): void {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const root = $getRoot().clear();
  let paragraph: ElementNode | null = null;
  for (const node of $generateNodesFromDOM(editor, dom)) {
    if (isBlock(node)) {
      root.append(node);
      paragraph = null;
    } else {
      paragraph ??= root.append($createParagraphNode()).getLastChildOrThrow<ElementNode>();
      paragraph.append(node);
    }
  }
  for (const { node } of $dfs()) if ($isImageNode(node)) $liftToNearestRoot(node);
  if (root.isEmpty()) root.append($createParagraphNode());
}
