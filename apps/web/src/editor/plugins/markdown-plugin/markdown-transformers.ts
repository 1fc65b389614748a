import { $createHorizontalRuleNode, $isHorizontalRuleNode, HorizontalRuleNode } from '@lexical/extension';
import { $isLinkNode } from '@lexical/link';
import {
  BOLD_ITALIC_STAR,
  BOLD_ITALIC_UNDERSCORE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  CODE,
  type ElementTransformer,
  HEADING,
  INLINE_CODE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  LINK,
  ORDERED_LIST,
  QUOTE,
  STRIKETHROUGH,
  type TextMatchTransformer,
  type Transformer,
  UNORDERED_LIST,
} from '@lexical/markdown';
import { $findMatchingParent } from '@lexical/utils';
import { isAllowedLinkUrl } from '../../utils/url-validation.js';

/**
 * `---`, `***` or `___` alone on a line becomes a horizontal rule, as in CommonMark. @lexical/markdown
 * 0.52 ships no transformer for it; the demo generator (apps/server/scripts) has its own for import.
 */
export const HORIZONTAL_RULE: ElementTransformer = {
  type: 'element',
  dependencies: [HorizontalRuleNode],
  regExp: /^(?:---|\*\*\*|___)\s?$/,
  // Also on Enter, so "---" then Enter works as well as "---" then a space.
  triggerOnEnter: true,
  export: (node) => ($isHorizontalRuleNode(node) ? '---' : null),
  replace: (parentNode, _children, _match, isImport) => {
    const rule = $createHorizontalRuleNode();
    // While typing, keep the (now empty) paragraph after the rule for the caret unless one follows.
    if (isImport || parentNode.getNextSibling() !== null) {
      parentNode.replace(rule);
    } else {
      parentNode.insertBefore(rule);
    }
    rule.selectNext();
  },
};

/**
 * Lexical's LINK transformer, limited to http, https and mailto addresses: `[x](javascript:…)` stays
 * text instead of becoming a link the server would strip (the toolbar's link dialog checks the same).
 */
export const SAFE_LINK: TextMatchTransformer = {
  ...LINK,
  replace: (textNode, match) => {
    // The destination is group 2 in <pointy> form and group 3 when written raw.
    const url = match[2] ?? match[3] ?? '';
    if (!isAllowedLinkUrl(url.replace(/\\(.)/g, '$1'))) return;
    if ($findMatchingParent(textNode, $isLinkNode)) return;
    return LINK.replace?.(textNode, match);
  },
};

/**
 * The shortcuts the editor understands: headings, lists, quote, fenced code, bold, italic, inline code,
 * strikethrough, links and the horizontal rule. Longer tags come before shorter ones, as Lexical expects.
 */
export const EDITOR_TRANSFORMERS: Transformer[] = [
  HEADING,
  QUOTE,
  UNORDERED_LIST,
  ORDERED_LIST,
  HORIZONTAL_RULE,
  CODE,
  INLINE_CODE,
  BOLD_ITALIC_STAR,
  BOLD_ITALIC_UNDERSCORE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  STRIKETHROUGH,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  SAFE_LINK,
];
