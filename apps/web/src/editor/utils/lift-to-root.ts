import { $isElementNode, $isRootOrShadowRoot, $splitNode, type LexicalNode } from 'lexical';

/**
 * Moves a block-level node that ended up inside a paragraph (HTML such as `<p>a<img>b</p>`) to the
 * nearest root or table cell, splitting the blocks around it, so the export never nests a <figure>
 * inside a <p>. Empty halves left by the split are removed.
 */
export function $liftToNearestRoot(node: LexicalNode): void {
  const parent = node.getParent();
  if (parent === null || $isRootOrShadowRoot(parent)) return;
  const [left, right] = $splitNode(parent, node.getIndexWithinParent());
  right.insertBefore(node);
  for (const half of [left, right]) {
    if ($isElementNode(half) && half.getTextContent().trim() === '' && half.getChildrenSize() === 0) {
      half.remove();
    }
  }
}
