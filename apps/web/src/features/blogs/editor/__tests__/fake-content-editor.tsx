// Stands in for the lazy Lexical editor in unit tests (vi.mock of src/editor/editor.tsx): a textarea
// whose editor state is {"text": …}, so tests can type content and read it back.
import type { ContentEditorProps, EditorContent } from '../../../../editor/editor.js';

export function fakeContent(text: string): EditorContent {
  return {
    editorHtmlContent: text ? `<p>${text}</p>` : '',
    editorState: JSON.stringify({ text }),
    editorTextString: text,
  };
}

export function contentIsEmpty(content: EditorContent): boolean {
  return content.editorTextString.trim() === '';
}

function initialText(state: string | null): string {
  if (!state) return '';
  const parsed = JSON.parse(state) as { text?: string };
  return parsed.text ?? '';
}

export default function FakeContentEditor(props: ContentEditorProps) {
  return (
    <textarea
      id={props.id}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      defaultValue={initialText(props.initialState)}
      onChange={(event) => props.onChange(fakeContent(event.target.value))}
    />
  );
}
