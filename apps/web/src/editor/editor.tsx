// TEMPORARY stand-in for the Lexical editor (built in parallel): a textarea with the same interface,
// so the blog editor form typechecks and runs. Drop this file when the real editor is merged.
import { useState } from 'react';

export interface EditorContent {
  editorHtmlContent: string;
  editorState: string;
  editorTextString: string;
}

export interface ContentEditorProps {
  id: string;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  initialState: string | null;
  initialHtml?: string;
  onChange: (content: EditorContent) => void;
}

export function contentIsEmpty(content: EditorContent): boolean {
  return content.editorTextString.trim() === '';
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function textOf(state: string | null, html: string | undefined): string {
  if (state) {
    try {
      const parsed = JSON.parse(state) as { text?: unknown };
      if (typeof parsed.text === 'string') return parsed.text;
    } catch {
      // not a stand-in state: fall back to the HTML's text
    }
  }
  return (html ?? '').replace(/<[^>]*>/g, '');
}

export default function ContentEditor(props: ContentEditorProps) {
  const [text, setText] = useState(() => textOf(props.initialState, props.initialHtml));
  return (
    <textarea
      id={props.id}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      rows={12}
      style={{ width: '100%' }}
      placeholder="Enter your blog content..."
      value={text}
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        props.onChange({
          editorHtmlContent: value
            .split(/\n{2,}/)
            .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
            .join(''),
          editorState: JSON.stringify({ text: value }),
          editorTextString: value,
        });
      }}
    />
  );
}
