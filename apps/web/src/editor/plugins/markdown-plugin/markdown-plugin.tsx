import { MarkdownShortcutPlugin } from '@lexical/react/LexicalMarkdownShortcutPlugin';
import { EDITOR_TRANSFORMERS } from './markdown-transformers.js';

/** Markdown typed at the start of a block or around words turns into formatting as you type. */
export function MarkdownPlugin() {
  return <MarkdownShortcutPlugin transformers={EDITOR_TRANSFORMERS} />;
}
