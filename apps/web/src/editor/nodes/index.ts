import { CodeHighlightNode, CodeNode } from '@lexical/code';
import { HorizontalRuleNode } from '@lexical/extension';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import type { Klass, LexicalNode } from 'lexical';
import { ImageNode } from './image-node.js';

/**
 * Every node the editor knows, in one place (spec §3). The standard ones are the exact classes that
 * apps/server/scripts/generate-demo-content.mjs registers, so saved and demo states open unchanged.
 * HorizontalRuleNode is @lexical/extension's React-free node ('horizontalrule'); @lexical/react's
 * deprecated subclass has the same type, so registering both would clash.
 */
export const EDITOR_NODES: readonly Klass<LexicalNode>[] = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  CodeNode,
  CodeHighlightNode,
  LinkNode,
  AutoLinkNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  HorizontalRuleNode,
  ImageNode,
];
