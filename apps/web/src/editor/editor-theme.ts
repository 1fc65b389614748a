import type { EditorThemeClasses } from 'lexical';

/**
 * Class names Lexical puts on the content it renders (styled in editor.css). They also appear in the
 * exported HTML, where the server's sanitiser keeps them (and no other class: only `editor-*` tokens
 * pass), so a public site may style them.
 */
export const editorTheme: EditorThemeClasses = {
  paragraph: 'editor-paragraph',
  heading: {
    h1: 'editor-heading editor-heading--h1',
    h2: 'editor-heading editor-heading--h2',
    h3: 'editor-heading editor-heading--h3',
    h4: 'editor-heading editor-heading--h4',
    h5: 'editor-heading editor-heading--h5',
    h6: 'editor-heading editor-heading--h6',
  },
  quote: 'editor-quote',
  list: {
    ul: 'editor-list editor-list--bullet',
    ol: 'editor-list editor-list--number',
    listitem: 'editor-list-item',
    nested: { listitem: 'editor-list-item--nested' },
  },
  link: 'editor-link',
  text: {
    bold: 'editor-text--bold',
    italic: 'editor-text--italic',
    underline: 'editor-text--underline',
    strikethrough: 'editor-text--strikethrough',
    underlineStrikethrough: 'editor-text--underline-strikethrough',
    code: 'editor-text--code',
  },
  code: 'editor-code',
  hr: 'editor-hr',
  hrSelected: 'editor-hr--selected',
  image: 'editor-image-block',
  table: 'editor-table',
  tableRow: 'editor-table-row',
  tableCell: 'editor-table-cell',
  tableCellHeader: 'editor-table-cell--header',
  tableRowStriping: 'editor-table--striped',
  tableSelection: 'editor-table--selection',
  tableCellSelected: 'editor-table-cell--selected',
  tableScrollableWrapper: 'editor-table-wrapper',
  tableFrozenColumn: 'editor-table-wrapper--frozen-column',
  tableFrozenRow: 'editor-table-wrapper--frozen-row',
};
