import { $createCodeHighlightNode, $createCodeNode } from '@lexical/code';
import { $createHorizontalRuleNode } from '@lexical/extension';
import { createHeadlessEditor } from '@lexical/headless';
import { $generateHtmlFromNodes } from '@lexical/html';
import { $createAutoLinkNode, $createLinkNode } from '@lexical/link';
import { $createListItemNode, $createListNode } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode } from '@lexical/rich-text';
import {
  $createTableCellNode,
  $createTableNode,
  $createTableRowNode,
  TableCellHeaderStates,
} from '@lexical/table';
import { render } from '@testing-library/react';
import {
  $createLineBreakNode,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  type LexicalEditor,
} from 'lexical';
import ContentEditor, { type ContentEditorProps } from '../editor.js';
import { editorTheme } from '../editor-theme.js';
import { $createImageNode } from '../nodes/image-node.js';
import { EDITOR_NODES } from '../nodes/index.js';

// jsdom has no layout. Lexical measures the caret to scroll it into view once the editor has focus.
if (typeof Range.prototype.getBoundingClientRect !== 'function') {
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
}

/** A headless editor with the content editor's nodes and theme, for export and serialisation tests. */
export function createTestEditor(): LexicalEditor {
  return createHeadlessEditor({
    namespace: 'editor-test',
    nodes: EDITOR_NODES,
    theme: editorTheme,
    onError: (error) => {
      throw error;
    },
  });
}

const text = (value: string) => $createTextNode(value);
const cell = (value: string, header: number = TableCellHeaderStates.NO_STATUS) =>
  $createTableCellNode(header).append($createParagraphNode().append(text(value)));

/** Appends one of every node of spec §3 (and the rest the editor registers) to the root. */
export function $appendEveryNode(): void {
  const root = $getRoot();
  for (const tag of ['h1', 'h2', 'h3'] as const)
    root.append($createHeadingNode(tag).append(text(`Title ${tag}`)));
  root.append(
    $createParagraphNode().append(
      text('bold').toggleFormat('bold'),
      text(' and '),
      $createLinkNode('https://example.com/page').append(text('a link')),
      text(' and '),
      $createAutoLinkNode('https://example.org').append(text('https://example.org')),
      $createLineBreakNode(),
      text('mail').toggleFormat('italic'),
    ),
    $createQuoteNode().append(text('A quote')),
    $createListNode('bullet').append(
      $createListItemNode().append(text('one')),
      $createListItemNode().append(
        $createListNode('bullet').append($createListItemNode().append(text('nested'))),
      ),
    ),
    $createListNode('number', 3).append($createListItemNode().append(text('three'))),
    $createCodeNode('typescript').append(
      $createCodeHighlightNode('const', 'keyword'),
      text(' a = 1;'),
      $createLineBreakNode(),
      text('a++;'),
    ),
    $createHorizontalRuleNode(),
    $createImageNode({
      src: 'https://images.example.com/photo.jpg',
      altText: 'A photo',
      width: 640,
      height: 480,
      showCaption: true,
      caption: 'The caption',
    }),
  );

  const table = $createTableNode().setColWidths([120, 200, 90]).setRowStriping(true).setFrozenColumns(1);
  table.setFrozenRows(1);
  const wide = cell('wide').setColSpan(2).setBackgroundColor('#ffeeaa');
  const tall = cell('tall').setRowSpan(2).setVerticalAlign('middle');
  table.append(
    $createTableRowNode().append(...['A', 'B', 'C'].map((value) => cell(value, TableCellHeaderStates.ROW))),
    $createTableRowNode(40).append(wide, tall),
    $createTableRowNode().append(cell('x').setWidth(150), cell('y')),
  );
  root.append(table, $createParagraphNode().append(text('The end')));
}

/** The serialised state of a document holding every node type, as the form would have saved it. */
export function everyNodeState(): string {
  const editor = createTestEditor();
  editor.update($appendEveryNode, { discrete: true });
  return JSON.stringify(editor.getEditorState().toJSON());
}

export function exportHtml(editor: LexicalEditor): string {
  return editor.read(() => $generateHtmlFromNodes(editor, null));
}

/** The Lexical editor behind the rendered ContentEditor (Lexical keeps it on its root element). */
export function editorOf(id = 'content'): LexicalEditor {
  const root = document.getElementById(id) as (HTMLElement & { __lexicalEditor?: LexicalEditor }) | null;
  if (!root?.__lexicalEditor) throw new Error(`no editor on #${id}`);
  return root.__lexicalEditor;
}

export function renderEditor(props: Partial<ContentEditorProps> = {}) {
  const onChange = props.onChange ?? (() => undefined);
  return render(
    <>
      <span id="content-label">Content *</span>
      <ContentEditor
        id="content"
        labelledBy="content-label"
        initialState={null}
        {...props}
        onChange={onChange}
      />
    </>,
  );
}

export function serialise(editor: LexicalEditor): string {
  return JSON.stringify(editor.getEditorState().toJSON());
}
