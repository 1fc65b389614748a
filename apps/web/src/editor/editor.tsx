import { $generateHtmlFromNodes } from '@lexical/html';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $getRoot, type EditorState, type LexicalEditor } from 'lexical';
import { useCallback, useEffect, useRef, useState, type JSX } from 'react';
import { useTranslation } from '../lib/use-translation.js';
import type { EditorContent } from './editor-content.js';
import { DecoratorErrorBoundary, EditorErrorBoundary } from './editor-error-boundary.js';
import { editorTheme } from './editor-theme.js';
import { EDITOR_NODES } from './nodes/index.js';
import { HorizontalRulePlugin } from './plugins/horizontal-rule-plugin/horizontal-rule-plugin.js';
import { ImagePlugin } from './plugins/image-plugin/image-plugin.js';
import { LinkPlugin } from './plugins/link-plugin/link-plugin.js';
import { MarkdownPlugin } from './plugins/markdown-plugin/markdown-plugin.js';
import { TablePlugin } from './plugins/table-plugin/table-plugin.js';
import { ToolbarPlugin } from './plugins/toolbar-plugin/toolbar-plugin.js';
import { $importHtml } from './utils/import-html.js';
import '../components/ui/button.css';
import './editor.css';

export { contentIsEmpty, type EditorContent } from './editor-content.js';

export interface ContentEditorProps {
  /** id given to the contenteditable, so the form can focus it (document.getElementById(id).focus()) */
  id: string;
  /** id of the visible 'Content *' label element (aria-labelledby) */
  labelledBy: string;
  /** id of the error message element, when shown (aria-describedby) */
  describedBy?: string;
  /** sets aria-invalid and an error border */
  invalid?: boolean;
  /** the saved serialised state to restore exactly; null or '' starts empty, unless initialHtml is given */
  initialState: string | null;
  /** used only when initialState is empty: posts created through the API may have HTML but no state */
  initialHtml?: string;
  /** called on every content change (not on selection-only changes), with all three forms */
  onChange: (content: EditorContent) => void;
  /** sets aria-required: the field must not be left empty */
  required?: boolean;
  /** shows the content without letting it change (a post that must be unapproved first); no toolbar */
  readOnly?: boolean;
}

/** All three forms of the document, as the post is saved. */
function readContent(editorState: EditorState, editor: LexicalEditor): EditorContent {
  return editorState.read(
    () => ({
      editorHtmlContent: $generateHtmlFromNodes(editor, null),
      editorState: JSON.stringify(editorState.toJSON()),
      editorTextString: $getRoot().getTextContent(),
    }),
    { editor },
  );
}

/** A state whose root has no children: Lexical refuses it in development and patches it in production. */
function isEmptyDocument(state: string): boolean {
  try {
    const children = (JSON.parse(state) as { root?: { children?: unknown } }).root?.children;
    return Array.isArray(children) && children.length === 0;
  } catch {
    return false;
  }
}

function initialEditorState(
  initialState: string | null,
  initialHtml: string | undefined,
): InitialConfigType['editorState'] {
  // A saved state is handed over as the string itself, which LexicalComposer gives to
  // editor.parseEditorState during render: a state it cannot parse throws into EditorErrorBoundary.
  if (initialState && !isEmptyDocument(initialState)) return initialState;
  if (initialHtml?.trim()) return (editor) => $importHtml(editor, initialHtml);
  return undefined;
}

function ComposedEditor({
  id,
  labelledBy,
  describedBy,
  invalid,
  initialState,
  initialHtml,
  onChange,
  required = false,
  readOnly = false,
}: ContentEditorProps) {
  const { t } = useTranslation();
  // Until mounted, Lexical reports errors from inside React's render and commit (parsing the initial
  // state, the first reconcile), where throwing reaches EditorErrorBoundary. Later ones come from
  // updates run by event handlers, which Lexical rolls back, so the author can go on editing.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
  }, []);
  // Read once: the parent re-mounts the editor (a new key) to load other content.
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'masthead-post-content',
    nodes: EDITOR_NODES,
    theme: editorTheme,
    editorState: initialEditorState(initialState, initialHtml),
    editable: !readOnly,
    onError: (error) => {
      if (!mounted.current) throw error;
      console.error('Editor update failed and was undone', error);
    },
  }));

  // The latest onChange without re-registering the listener on every render of the form.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const handleChange = useCallback(
    (editorState: EditorState, editor: LexicalEditor) =>
      onChangeRef.current(readContent(editorState, editor)),
    [],
  );

  const placeholder = t('editor.placeholder');
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div className={`editor${invalid ? ' editor--invalid' : ''}`}>
        {!readOnly && <ToolbarPlugin editorId={id} />}
        <div className="editor__body">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={id}
                className="editor__content"
                aria-labelledby={labelledBy}
                aria-describedby={describedBy}
                aria-invalid={invalid ? true : undefined}
                aria-required={required || undefined}
                aria-readonly={readOnly || undefined}
                // Read-only, it is still a textbox to read and scroll (a wide table scrolls it):
                // Tab must reach it, where Lexical's default (-1) leaves it out of the tab order.
                tabIndex={readOnly ? 0 : undefined}
                aria-multiline="true"
                role="textbox"
                aria-placeholder={placeholder}
                placeholder={<div className="editor__placeholder">{placeholder}</div>}
              />
            }
            ErrorBoundary={DecoratorErrorBoundary}
          />
        </div>
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin />
      <TablePlugin />
      <ImagePlugin />
      <HorizontalRulePlugin />
      <MarkdownPlugin />
      <EditablePlugin editable={!readOnly} />
      <OnChangePlugin ignoreSelectionChange onChange={handleChange} />
    </LexicalComposer>
  );
}

/** Follows `readOnly` after mount (a post can become locked while it is open). */
function EditablePlugin({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}

/**
 * The Lexical rich-text editor for a post's content (spec §2 "Blog editor", §3 "Editor content
 * nodes"). Loaded lazily by the post form; it restores `initialState` exactly and reports every
 * content change in the three forms the post saves.
 */
export default function ContentEditor(props: ContentEditorProps): JSX.Element {
  return (
    <EditorErrorBoundary>
      <ComposedEditor {...props} />
    </EditorErrorBoundary>
  );
}
