import type { BlogPostInput } from '@masthead/contract';

/**
 * A post whose content is wider than any phone or tablet (issue 19, "The editor is wider than the
 * screen"): a table of five 240 px columns (1,200 px, as the demo's "Example CLI 3.2" post has three),
 * a code block with a 200-character line without a space, and a 150-character URL without a break,
 * as text and as a link. The title and the short description, which the list shows, carry an
 * unbroken word and the URL too. Both the editor state (what the editor restores) and its HTML are
 * given, in the shapes Lexical 0.52 writes.
 */

export const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitaenswitwenrentenversicherungsbeitrag';
export const LONG_URL = `https://downloads.example.com/releases/${'a1b2c3d4e5'.repeat(10)}/example-cli-3.2.0-linux-x64.tar.gz`;
export const LONG_CODE_LINE = `curl --fail ${LONG_URL}?sha256=${'0123456789abcdef'.repeat(4)}`;
export const TABLE_COLUMNS = 5;
export const COLUMN_WIDTH = 240;

const text = (value: string) => ({
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  text: value,
  type: 'text',
  version: 1,
});

const block = { direction: null, format: '', indent: 0, version: 1 };
const paragraph = (...children: object[]) => ({
  ...block,
  children,
  textFormat: 0,
  textStyle: '',
  type: 'paragraph',
});

const cell = (value: string, header: boolean) => ({
  ...block,
  children: [paragraph(text(value))],
  backgroundColor: null,
  colSpan: 1,
  headerState: header ? 1 : 0,
  rowSpan: 1,
  width: COLUMN_WIDTH,
  type: 'tablecell',
});

const columns = Array.from({ length: TABLE_COLUMNS }, (_, index) => `Column ${index + 1}`);
const rows = [columns, columns.map((name) => `${name} holds a sentence long enough to wrap in its cell`)];

const editorState = {
  root: {
    ...block,
    type: 'root',
    children: [
      paragraph(text('A release note with content wider than a phone.')),
      { ...block, type: 'code', language: 'bash', children: [text(`${LONG_CODE_LINE}\necho done`)] },
      {
        ...block,
        type: 'table',
        colWidths: columns.map(() => COLUMN_WIDTH),
        children: rows.map((row, index) => ({
          ...block,
          type: 'tablerow',
          children: row.map((value) => cell(value, index === 0)),
        })),
      },
      paragraph(text(`Download it from ${LONG_URL}, or follow the link:`)),
      paragraph({
        ...block,
        type: 'link',
        url: LONG_URL,
        rel: null,
        target: null,
        title: null,
        children: [text(LONG_URL)],
      }),
    ],
  },
};

const cellStyle = `width: ${COLUMN_WIDTH}px; border: 1px solid black; vertical-align: top; text-align: start;`;
const editorHtmlContent = [
  '<p>A release note with content wider than a phone.</p>',
  `<pre spellcheck="false" data-language="bash">${LONG_CODE_LINE}\necho done</pre>`,
  `<table><colgroup>${columns.map(() => `<col style="width: ${COLUMN_WIDTH}px;">`).join('')}</colgroup><tbody>`,
  ...rows.map(
    (row, index) =>
      `<tr>${row.map((value) => (index === 0 ? `<th style="${cellStyle}"><p>${value}</p></th>` : `<td style="${cellStyle}"><p>${value}</p></td>`)).join('')}</tr>`,
  ),
  '</tbody></table>',
  `<p>Download it from ${LONG_URL}, or follow the link:</p>`,
  `<p><a href="${LONG_URL}">${LONG_URL}</a></p>`,
].join('');

/** The post's fields for createPost (support/api.ts); `title` gets the unbroken word after it. */
export function widePost(title: string): BlogPostInput & { title: string } {
  return {
    title: `${title} ${LONG_WORD}`,
    shortDescription: `Notes at ${LONG_URL}`,
    editorState: JSON.stringify(editorState),
    editorHtmlContent,
    editorTextString: `A release note with content wider than a phone.\n\n${LONG_CODE_LINE}\necho done`,
  };
}
