import { TablePlugin as LexicalTablePlugin } from '@lexical/react/LexicalTablePlugin';

/**
 * Lexical's tables with merged cells, cell backgrounds and Tab between cells. hasHorizontalScroll wraps
 * each table in a div; only in that mode does the export mark frozen rows and columns
 * (data-lexical-frozen-row/column), which the server keeps. editor.css lets the text area, not the
 * wrapper, scroll a wide table.
 */
export function TablePlugin() {
  return <LexicalTablePlugin hasCellMerge hasCellBackgroundColor hasTabHandler hasHorizontalScroll />;
}
